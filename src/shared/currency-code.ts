/** An ISO 4217 currency code as a setting, a request or a command-line option gives it: three capital letters. */
import { z } from 'zod';

const MESSAGE = 'must be a currency code such as EUR';

export const currencyCodeSchema = z
  .string()
  .max(3, MESSAGE)
  .regex(/^[A-Z]{3}$/, MESSAGE);
