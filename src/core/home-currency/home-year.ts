/**
 * The year summary in the home currency (L2): the same sales, months and bases as the year summary — cash by payment
 * date, accrual by sale date, declined sales in neither — each sale's commission converted once at the ECB rate of the
 * day it counts on in its basis. One row per original currency and month, never added to the original amounts.
 */
import { currencyDigits, decimalText, roundDecimal } from '../../shared/money';
import { ExactSum } from '../../shared/money-sum';
import type { HomeYearRow } from '../../shared/year-summary';
import { fiscalMonthOf, type FiscalYear, type YearSource } from '../fiscal-year';
import { addCommission } from '../payouts';
import type { RateTable } from '../rates';

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
  convert: (minor: bigint, currency: string, day: string) => bigint | string,
): void {
  const range = { from: year.from, to: year.to };
  const filter = basis === 'cash' ? { ...range, dateBasis: 'payment' as const, paymentStatuses: ['paid'] } : range;
  const sort = { column: 'transactionDate', direction: 'asc' } as const;
  for (const sale of source.iterateSales(account, { filter, sort })) {
    if (sale.commissionStatus === 'declined') continue;
    const day = basis === 'cash' ? sale.paymentDate : sale.transactionDate;
    const month = day === null ? null : fiscalMonthOf(year, day);
    const sum = new ExactSum(currencyDigits(sale.currency));
    if (day === null || month === null || !addCommission(sum, sale)) continue;
    const tally = tallyOf(tallies, sale.currency);
    const converted = convert(roundDecimal(sum.total(), currencyDigits(sale.currency)).units, sale.currency, day);
    if (typeof converted === 'string') {
      tally.unconverted ??= converted;
      continue;
    }
    const sums = tally[basis];
    const index = year.months.indexOf(month);
    sums[index] = (sums[index] ?? 0n) + converted;
    sums[12] = (sums[12] ?? 0n) + converted;
  }
}

/** The year summary of `account` converted into `home` with `table`. */
export function readHomeYear(
  source: YearSource,
  account: string,
  year: FiscalYear,
  table: RateTable,
  home: string,
): HomeYearRow[] {
  const convert = (minor: bigint, currency: string, day: string) => {
    const result = table.convert(minor, currency, home, day);
    if (result.converted) return result.minorUnits;
    return result.reason === 'unknown currency'
      ? `The ECB publishes no rate for ${currency}: shown unconverted.`
      : `No stored rate for ${day} or before: import a rates file that reaches back that far.`;
  };
  const tallies = new Map<string, Tally>();
  addBasis(tallies, source, account, year, 'accrual', convert);
  addBasis(tallies, source, account, year, 'cash', convert);
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
