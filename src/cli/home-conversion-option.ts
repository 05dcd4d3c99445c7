/**
 * The `--home`, `--earned-rate` and `--received-rate` options of bridge, year and export: the conversion they ask
 * for, with the rule's defaults from Settings, or a usage error when no rates are stored.
 */
import type { SalesCache } from '../core/cache';
import { homeConversionOf, isConversion, type HomeConversion } from '../core/home-currency';
import type { RateDay } from '../shared/rate-rule';
import type { CliContext } from './cli-context';
import { usageError } from './cli-errors';

interface HomeOptions {
  home?: string | undefined;
  'earned-rate'?: RateDay | undefined;
  'received-rate'?: RateDay | undefined;
}

/** The conversion `options` ask for; null without --home. */
export function homeConversionOption(
  context: CliContext,
  cache: SalesCache,
  options: HomeOptions,
  command: string,
): HomeConversion | null {
  if (options.home === undefined) return null;
  const preferences = context.preferences.get();
  const rule = {
    earned: options['earned-rate'] ?? preferences.earnedRateDay,
    received: options['received-rate'] ?? preferences.receivedRateDay,
  };
  const conversion = homeConversionOf(options.home, rule, cache);
  if (!isConversion(conversion))
    throw usageError('No reference rates are stored: import the ECB file first with "rates import FILE".', command);
  return conversion;
}
