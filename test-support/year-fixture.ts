/**
 * A hand-written fiscal year for the year summary's tests (B5): the year 2026 starting 6 April runs 2026-04-06 to
 * 2027-04-05. Not used by the app.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_FILE_NAME } from '../src/cli/data-dir';
import { openCache } from '../src/core/cache';
import type { Sale } from '../src/shared/domain';
import { parsedSales, tempFolder, testClock } from './cache-kit';

/** 6 April. */
export const APRIL_6 = { month: 4, day: 6 };

/** A sale of the fixture: service days are dd-mm-yyyy. */
function sale(currency: string, amount: number, status: string, made: string, paid?: string): Record<string, unknown> {
  const payment = paid === undefined ? {} : { payment_status: 'paid', payment_date: paid };
  return { currency, commission_amount: amount, commission_status: status, transaction_date: made, ...payment };
}

/** The sales, as the service client parses them; the comments say where each counts. */
export function yearFixture(): Sale[] {
  return parsedSales([
    sale('JPY', 1500, 'approved', '05-04-2026', '06-04-2026'), // made the day before the year, paid on its first day
    sale('JPY', 2000, 'approved', '06-04-2026', '05-05-2026'), // made and paid in the first month (6 April–5 May)
    sale('JPY', 700, 'pending', '06-05-2026'), // made on the first day of the second month, not paid
    sale('KWD', 12.345, 'approved', '10-06-2026', '05-07-2026'), // made and paid in the month 6 June–5 July
    sale('KWD', 1.001, 'declined', '20-06-2026', '20-07-2026'), // paid, then declined: counts nowhere
    sale('KWD', 0.25, 'approved', '30-03-2027', '10-04-2027'), // made in the last month, paid in the next year
    sale('KWD', 5.5, 'approved', '06-04-2027'), // made on the first day of the next year
  ]);
}

/** The summary's first row for the fixture: JPY in 6 April–5 May 2026 (1500 paid for a sale of the year before). */
export const FIRST_JPY_MONTH = {
  currency: 'JPY',
  month: '2026-04',
  from: '2026-04-06',
  to: '2026-05-05',
  cash: '3500',
  accrual: '2000',
  difference: '-1500',
};

/** A data folder whose cache holds the fixture as the demo account's sales, for the command line's tests. */
export function yearFixtureDataDir(name: string): { folder: ReturnType<typeof tempFolder>; dataDir: string } {
  const folder = tempFolder(name);
  const dataDir = join(folder.dir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const clock = testClock();
  const { cache } = openCache({ path: join(dataDir, CACHE_FILE_NAME), now: clock.now });
  cache.storePage('demo', yearFixture(), clock.now());
  cache.close();
  return { folder, dataDir };
}
