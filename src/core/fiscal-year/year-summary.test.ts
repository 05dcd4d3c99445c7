import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openCache, type SalesCache } from '../cache';
import { tempFolder, testClock } from '../../../test-support/cache-kit';
import { APRIL_6, FIRST_JPY_MONTH, yearFixture } from '../../../test-support/year-fixture';
import { fiscalMonthOf, fiscalYear, fiscalYearOf, parseFiscalStart } from './fiscal-period';
import { readYearSummary, type YearRow } from './year-summary';

const clock = testClock();
let folder: { dir: string; remove: () => void };
let cache: SalesCache;

beforeEach(() => {
  folder = tempFolder('year');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: clock.now }).cache;
});
afterEach(() => {
  cache.close();
  folder.remove();
});

function row(rows: YearRow[], currency: string, month: string): YearRow | undefined {
  return rows.find((r) => r.currency === currency && r.month === month);
}

describe('B5: the fiscal year', () => {
  it('B5: a year starting 6 April runs from the 6th to the 5th, twelve months, named by the year it starts in', () => {
    const year = fiscalYear(2026, APRIL_6);
    expect([year.from, year.to]).toEqual(['2026-04-06', '2027-04-05']);
    expect(year.months).toHaveLength(12);
    expect(year.months[0]).toEqual({ month: '2026-04', from: '2026-04-06', to: '2026-05-05' });
    expect(year.months[10]).toEqual({ month: '2027-02', from: '2027-02-06', to: '2027-03-05' });
    expect(year.months[11]).toEqual({ month: '2027-03', from: '2027-03-06', to: '2027-04-05' });
    expect(fiscalMonthOf(year, '2026-05-05')?.month).toBe('2026-04');
    expect(fiscalMonthOf(year, '2026-05-06')?.month).toBe('2026-05');
    expect(fiscalMonthOf(year, '2026-04-05')).toBeNull();
    expect(fiscalMonthOf(year, '2027-04-06')).toBeNull();
    const calendar = fiscalYear(2024);
    expect([calendar.from, calendar.to, calendar.months[1]?.to]).toEqual(['2024-01-01', '2024-12-31', '2024-02-29']);
    expect([
      fiscalYearOf('2027-04-05', APRIL_6),
      fiscalYearOf('2027-04-06', APRIL_6),
      fiscalYearOf('2026-12-31'),
    ]).toEqual([2026, 2027, 2026]);
    expect(parseFiscalStart('04-06')).toEqual(APRIL_6);
    expect(['02-29', '13-01', '00-10', '4-6', '04-00'].map(parseFiscalStart)).toEqual([null, null, null, null, null]);
  });

  it('B5: cash by payment date and accrual by sale date, per currency and month, in integer minor units', () => {
    cache.storePage('acct', yearFixture(), clock.now());
    const rows = readYearSummary(cache, 'acct', fiscalYear(2026, APRIL_6));
    expect(rows).toHaveLength(26);
    expect(row(rows, 'JPY', '2026-04')).toEqual(FIRST_JPY_MONTH);
    expect(row(rows, 'JPY', '2026-05')).toMatchObject({ cash: '0', accrual: '700', difference: '700' });
    expect(row(rows, 'JPY', 'total')).toMatchObject({ from: '2026-04-06', to: '2027-04-05' });
    expect(row(rows, 'JPY', 'total')).toMatchObject({ cash: '3500', accrual: '2700', difference: '-800' });
    // The declined sale paid on 20 July counts in neither basis; 12.345 is made and paid in 6 June–5 July.
    expect(row(rows, 'KWD', '2026-06')).toMatchObject({ cash: '12.345', accrual: '12.345', difference: '0.000' });
    expect(row(rows, 'KWD', '2026-07')).toMatchObject({ cash: '0.000', accrual: '0.000', difference: '0.000' });
    // Made in the last month, paid in the next fiscal year: accrual only.
    expect(row(rows, 'KWD', '2027-03')).toMatchObject({ cash: '0.000', accrual: '0.250', difference: '0.250' });
    expect(row(rows, 'KWD', 'total')).toMatchObject({ cash: '12.345', accrual: '12.595', difference: '0.250' });
  });

  it('B5: over the year, accrual − cash equals the change in what is receivable', () => {
    const sales = yearFixture();
    cache.storePage('acct', sales, clock.now());
    const year = fiscalYear(2026, APRIL_6);
    // Receivable on a day, in minor units: made by then, not declined, not paid by then.
    const receivable = (currency: string, day: string, digits: number): number =>
      sales
        .filter((s) => s.currency === currency && s.transactionDate <= day && s.commissionStatus !== 'declined')
        .filter((s) => !(s.paymentStatus === 'paid' && s.paymentDate !== null && s.paymentDate <= day))
        .reduce((sum, s) => sum + Math.round((s.commissionAmount ?? 0) * 10 ** digits), 0);
    const rows = readYearSummary(cache, 'acct', year);
    for (const [currency, digits] of [
      ['JPY', 0],
      ['KWD', 3],
    ] as const) {
      const change = receivable(currency, year.to, digits) - receivable(currency, '2026-04-05', digits);
      const total = row(rows, currency, 'total');
      expect(Math.round(Number(total?.difference) * 10 ** digits)).toBe(change);
    }
    expect(receivable('JPY', '2026-04-05', 0)).toBe(1500);
    expect(receivable('KWD', year.to, 3)).toBe(250);
  });

  it('B5: a year with no sale has no rows', () => {
    expect(readYearSummary(cache, 'acct', fiscalYear(2026, APRIL_6))).toEqual([]);
  });
});
