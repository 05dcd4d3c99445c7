/**
 * What converting into the home currency needs (L2): the home currency, the stored rate table and the rule saying
 * which day's rate each kind of amount takes. Every converted figure goes through `convertAt`, so the screens, the
 * exports and the CLI use one rule and one set of reasons for what they leave unconverted.
 */
import { rateDayOf, type RateBasis, type RateRule } from '../../shared/rate-rule';
import { currencyDigits, roundDecimal } from '../../shared/money';
import { ExactSum } from '../../shared/money-sum';
import type { RatesStatus } from '../../shared/reference-rates';
import type { CachedSale } from '../../shared/sales-query-types';
import type { ReferenceRateStore } from '../cache';
import { addCommission } from '../payouts';
import { storedRateTable, type RateTable } from '../rates';

/** A way to convert into the home currency. */
export interface HomeConversion {
  home: string;
  table: RateTable;
  rule: RateRule;
  /** Where the stored rates came from, in words, for the files that state it. */
  source: string;
}

/** Why nothing can be converted yet. */
export type HomeConversionGap = { kind: 'no home currency' } | { kind: 'no rates' };

/** The conversion into `home` under `rule` with the stored rates, or what is missing for it. */
export function homeConversionOf(
  home: string | null,
  rule: RateRule,
  store: Pick<ReferenceRateStore, 'storedRates' | 'ratesStatus'>,
): HomeConversion | HomeConversionGap {
  if (home === null) return { kind: 'no home currency' };
  const status = store.ratesStatus();
  const table = status === null ? null : tableOf(store, status);
  if (table === null || status === null) return { kind: 'no rates' };
  return { home, table, rule, source: ratesSourceText(status) };
}

/** The last table read from each store, with the import it came from: the screens convert at every data change. */
const tables = new WeakMap<object, { stamp: string; table: RateTable | null }>();

/** The stored rates as a table, read again only when another table was stored since. */
function tableOf(store: Pick<ReferenceRateStore, 'storedRates'>, status: RatesStatus): RateTable | null {
  const stamp = `${status.kind} ${status.origin} ${status.importedAt} ${status.days} ${status.lastDay}`;
  const held = tables.get(store);
  if (held?.stamp === stamp) return held.table;
  const table = storedRateTable(store);
  tables.set(store, { stamp, table });
  return table;
}

/** "ECB euro reference rates of 1999-01-04 to 2026-11-27, imported from eurofxref-hist.csv at 2026-11-28 09:00 UTC." */
export function ratesSourceText(status: RatesStatus): string {
  const from = status.kind === 'ecb' ? `fetched from ${status.origin}` : `imported from ${status.origin}`;
  const at = `${status.importedAt.slice(0, 10)} ${status.importedAt.slice(11, 16)} UTC`;
  return `ECB euro reference rates of ${status.firstDay} to ${status.lastDay}, ${from} at ${at}.`;
}

/** Whether `value` is a conversion rather than a gap. */
export function isConversion(value: HomeConversion | HomeConversionGap): value is HomeConversion {
  return !('kind' in value);
}

/** An amount converted, with the day of the rate used; or why it was not, in words. */
export type Converted = { minorUnits: bigint; rateDay: string; earlierDay: boolean } | { unconverted: string };

/** `minorUnits` of `currency`, an amount of kind `basis` dated `day`, in minor units of the home currency. */
export function convertAt(
  conversion: HomeConversion,
  minorUnits: bigint,
  currency: string,
  basis: RateBasis,
  day: string,
): Converted {
  const rateDay = rateDayOf(day, conversion.rule[basis]);
  const result = conversion.table.convert(minorUnits, currency, conversion.home, rateDay);
  if (result.converted) {
    // Under a month-end rule the month's last published rate is the one asked for, whichever day it fell on.
    const earlierDay =
      conversion.rule[basis] === 'own-day' ? result.earlierDay : result.rateDay.slice(0, 7) !== rateDay.slice(0, 7);
    return { minorUnits: result.minorUnits, rateDay: result.rateDay, earlierDay };
  }
  return {
    unconverted:
      result.reason === 'unknown currency'
        ? `The ECB publishes no rate for ${result.currency}: shown unconverted.`
        : `No stored rate for ${rateDay} or before: import a rates file that reaches back that far.`,
  };
}

/** A sale's commission in minor units of its currency, as the payouts count it; null when it has none readable. */
export function commissionMinor(sale: CachedSale): bigint | null {
  const sum = new ExactSum(currencyDigits(sale.currency));
  if (!addCommission(sum, sale)) return null;
  return roundDecimal(sum.total(), currencyDigits(sale.currency)).units;
}
