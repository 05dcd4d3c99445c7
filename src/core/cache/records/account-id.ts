/**
 * Every table is keyed by an account id (the demo is the account `demo`), so one cache file can hold several
 * accounts without mixing their sales.
 */
import { invalidInput } from '../cache-errors';

/** Refuses an account id that is not a short non-empty text. */
export function assertAccount(account: unknown): asserts account is string {
  if (typeof account !== 'string' || account === '' || account.length > 200) {
    throw invalidInput('The account id must be a non-empty text of at most 200 characters.');
  }
}
