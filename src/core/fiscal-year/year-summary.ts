/**
 * The year summary (B5): for each currency and each month of a fiscal year, the commission on a cash basis (sales
 * paid, by payment date) and on an accrual basis (sales made, by sale date), side by side, with their difference.
 * Both leave out declined sales as the cache knows them now: a sale declined after it was paid, or in a later year,
 * is taken back from the month it counted in, so a year already reported can change (the bridge shows when).
 *
 * Over a whole year, accrual − cash equals the change in what is receivable: the commission of the sales made on or
 * before the year's last day that are neither declined nor paid on or before it, less the same on the day before
 * the year starts. Sales paid without a payment date count on the accrual basis only.
 */
import { addDecimals, currencyDigits, decimalText, type ExactDecimal } from '../../shared/money';
import { ExactSum } from '../../shared/money-sum';
import type { SalesFilter, SalesSelection } from '../../shared/sales-query';
import type { CachedSale } from '../../shared/sales-query-types';
import type { YearRow } from '../../shared/year-summary';
import { addCommission } from '../payouts';
import { fiscalMonthOf, type FiscalYear } from './fiscal-period';

export type { YearRow };

/** The cache read the summary needs. */
export interface YearSource {
  iterateSales(account: string, query: SalesSelection): Iterable<CachedSale>;
}

type Basis = 'cash' | 'accrual';

/** The sales a basis counts in `year`, before declined ones are left out. */
function basisFilter(basis: Basis, year: FiscalYear): SalesFilter {
  const range = { from: year.from, to: year.to };
  return basis === 'cash' ? { ...range, dateBasis: 'payment', paymentStatuses: ['paid'] } : range;
}

/** The day a sale counts on in a basis. */
function basisDay(basis: Basis, sale: CachedSale): string | null {
  return basis === 'cash' ? sale.paymentDate : sale.transactionDate;
}

/** Sums per currency, per basis, per month index (12 is the whole year). */
type Sums = Map<string, Record<Basis, ExactSum[]>>;

function sumsOf(sums: Sums, currency: string): Record<Basis, ExactSum[]> {
  let entry = sums.get(currency);
  if (entry === undefined) {
    const digits = currencyDigits(currency);
    const row = () => Array.from({ length: 13 }, () => new ExactSum(digits));
    entry = { cash: row(), accrual: row() };
    sums.set(currency, entry);
  }
  return entry;
}

function addBasis(sums: Sums, source: YearSource, account: string, year: FiscalYear, basis: Basis): void {
  const sort = { column: 'transactionDate', direction: 'asc' } as const;
  for (const sale of source.iterateSales(account, { filter: basisFilter(basis, year), sort })) {
    if (sale.commissionStatus === 'declined') continue;
    const day = basisDay(basis, sale);
    const month = day === null ? null : fiscalMonthOf(year, day);
    if (month === null) continue;
    const row = sumsOf(sums, sale.currency)[basis];
    if (addCommission(row[year.months.indexOf(month)] as ExactSum, sale)) addCommission(row[12] as ExactSum, sale);
  }
}

const negate = (value: ExactDecimal): ExactDecimal => ({ units: -value.units, scale: value.scale });

/** The year summary of `account`: twelve months and a total per currency with a sale in either basis. */
export function readYearSummary(source: YearSource, account: string, year: FiscalYear): YearRow[] {
  const sums: Sums = new Map();
  addBasis(sums, source, account, year, 'accrual');
  addBasis(sums, source, account, year, 'cash');
  const periods = [...year.months, { month: 'total', from: year.from, to: year.to }];
  return [...sums.keys()].sort().flatMap((currency) => {
    const digits = currencyDigits(currency);
    const { cash, accrual } = sumsOf(sums, currency);
    return periods.map((period, index) => {
      const paid = (cash[index] as ExactSum).total();
      const earned = (accrual[index] as ExactSum).total();
      return {
        currency,
        ...period,
        cash: decimalText(paid, digits),
        accrual: decimalText(earned, digits),
        difference: decimalText(addDecimals(earned, negate(paid)), digits),
      };
    });
  });
}
