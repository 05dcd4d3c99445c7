/**
 * A read (export, summary, payouts) while the app or another command syncs the same account: each read sees the cache
 * as one consistent state (every page is stored in one transaction), but that state is about to change, and a person
 * reading the figures at month-end should know it.
 */
import type { SalesCache } from '../core/cache';
import { leaseHolderText, liveSyncLease } from '../core/sync';
import type { CliAccount } from './cli-accounts';
import type { CliIo } from './cli-io';

/** Says on stderr that another process is syncing `account`, if one is. */
export function noteSyncUnderWay(cache: SalesCache, account: CliAccount, io: CliIo): void {
  const holder = liveSyncLease(cache, account.cacheKey);
  if (holder === null) return;
  io.stderr(
    `Note: an update is under way: ${leaseHolderText(holder)} is syncing "${account.label}". ` +
      'This shows the cache as it was when read; run it again after that sync to include what it brings.\n',
  );
}
