/**
 * The Overview's lines: every saved account read from the one cache file, keyed by the account's id. Opening an
 * account is not needed (no keychain, no service), so an account whose credentials are unavailable still shows.
 */
import { monthRange } from '../../shared/export-presets';
import type { AccountOverview } from '../../shared/overview';
import type { StatusCheckAge } from '../../shared/sales-query-types';
import type { SalesFilter } from '../../shared/sales-query';
import { readOwed, readPayouts, readPending, sumPayouts, type PayoutSource } from '../payouts';

/** The cache reads the Overview needs. */
export interface OverviewSource extends PayoutSource {
  countSales(account: string, filter: SalesFilter): number;
  lastSyncRun(account: string, status?: 'completed'): { finishedAt: string | null } | null;
  oldestStatusCheck(account: string, filter: SalesFilter): StatusCheckAge;
}

/** An account as the Overview names it. */
export interface OverviewAccount {
  id: string;
  label: string;
}

/** One line per account, in the order given; `today` (`yyyy-mm-dd`) picks the current month. */
export function readAccountsOverview(
  source: OverviewSource,
  accounts: readonly OverviewAccount[],
  today: string,
): AccountOverview[] {
  const month = monthRange(today.slice(0, 7)) ?? { from: today, to: today };
  return accounts.map(({ id, label }) => {
    const { payouts } = readPayouts(source, id, month, today);
    return {
      accountId: id,
      label,
      sales: source.countSales(id, {}),
      lastSyncedAt: source.lastSyncRun(id, 'completed')?.finishedAt ?? null,
      statuses: source.oldestStatusCheck(id, {}),
      owed: readOwed(source, id),
      pending: readPending(source, id),
      paidThisMonth: sumPayouts(payouts),
    };
  });
}

/** The Overview over the app's cache and saved accounts. */
export interface OverviewReader {
  accounts(): AccountOverview[];
}

/** Builds the reader; `accounts` lists the saved accounts at each call. */
export function createOverviewReader(
  source: () => OverviewSource,
  accounts: () => readonly OverviewAccount[],
  today: () => string,
): OverviewReader {
  return { accounts: () => readAccountsOverview(source(), accounts(), today()) };
}
