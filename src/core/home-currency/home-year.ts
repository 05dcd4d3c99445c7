/**
 * The year summary in the home currency (L2): the same sales, months and bases as the year summary — cash by payment
 * date, accrual by sale date, declined sales in neither — each sale's commission converted once, cash as money
 * received and accrual as commission earned, at the rate the rule gives the day it counts on. One row per original
 * currency and month, never added to the original amounts.
 */
import { currencyDigits, decimalText } from '../../shared/money';
import type { HomeYearRow } from '../../shared/year-summary';
import { fiscalMonthOf, type FiscalYear, type YearSource } from '../fiscal-year';
import { commissionMinor, convertAt, type HomeConversion } from './home-conversion';

type Basis = 'cash' | 'accrual';

interface Tally {
  cash: bigint[];
  accrual: bigint[];
  unconverted: string | null;
}

function tallyOf(tallies: Map<string, Tally>, currency: string): Tally {
  let tally = tallies.get(currency);
  if (tally === undefined) {
    const months = () => Array.from({ length: 13 }, () => 0n);
    tallies.set(currency, (tally = { cash: months(), accrual: months(), unconverted: null }));
  }
  return tally;
}

function addBasis(
  tallies: Map<string, Tally>,
  source: YearSource,
  account: string,
  year: FiscalYear,
  basis: Basis,
  conversion: HomeConversion,
): void {
  const range = { from: year.from, to: year.to };
  const filter = basis === 'cash' ? { ...range, dateBasis: 'payment' as const, paymentStatuses: ['paid'] } : range;
  const sort = { column: 'transactionDate', direction: 'asc' } as const;
  for (const sale of source.iterateSales(account, { filter, sort })) {
    if (sale.commissionStatus === 'declined') continue;
    const day = basis === 'cash' ? sale.paymentDate : sale.transactionDate;
    const month = day === null ? null : fiscalMonthOf(year, day);
    const minor = commissionMinor(sale);
    if (day === null || month === null || minor === null) continue;
    const tally = tallyOf(tallies, sale.currency);
    const converted = convertAt(conversion, minor, sale.currency, basis === 'cash' ? 'received' : 'earned', day);
    if ('unconverted' in converted) {
      tally.unconverted ??= converted.unconverted;
      continue;
    }
    const sums = tally[basis];
    const index = year.months.indexOf(month);
    sums[index] = (sums[index] ?? 0n) + converted.minorUnits;
    sums[12] = (sums[12] ?? 0n) + converted.minorUnits;
  }
}

/** The year summary of `account` converted with `conversion`. */
export function readHomeYear(
  source: YearSource,
  account: string,
  year: FiscalYear,
  conversion: HomeConversion,
): HomeYearRow[] {
  const { home } = conversion;
  const tallies = new Map<string, Tally>();
  addBasis(tallies, source, account, year, 'accrual', conversion);
  addBasis(tallies, source, account, year, 'cash', conversion);
  const digits = currencyDigits(home);
  const text = (minor: bigint) => decimalText({ units: minor, scale: digits }, digits);
  const months = [...year.months.map((m) => m.month), 'total'];
  return [...tallies.keys()].sort().flatMap((currency) => {
    const tally = tallies.get(currency) as Tally;
    return months.map((month, i) => {
      const [cash, accrual] = [tally.cash[i] as bigint, tally.accrual[i] as bigint];
      const ok = tally.unconverted === null;
      return {
        currency,
        home,
        month,
        cash: ok ? text(cash) : null,
        accrual: ok ? text(accrual) : null,
        difference: ok ? text(accrual - cash) : null,
        unconverted: tally.unconverted,
      };
    });
  });
}
