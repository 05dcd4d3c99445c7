/**
 * The lease each account's running sync holds, in the cache file every process shares: claimed, renewed and given
 * back in write transactions, so two processes never both believe they hold it. Whether a holder is gone (its process
 * ended, its lease not renewed in time) is the caller's rule, asked inside the claim's transaction.
 */
import type Database from 'better-sqlite3';
import { assertAccount } from '../records';

/** Who syncs: the app (its own sync or the background one) or the headless command. */
export type SyncLeaseKind = 'app' | 'command';

/** A lease as stored. Times are milliseconds since the epoch. */
export interface SyncLease {
  account: string;
  /** A token made for one run, so a run renews and gives back only its own lease. */
  owner: string;
  pid: number;
  host: string;
  kind: SyncLeaseKind;
  acquiredAt: number;
  renewedAt: number;
}

/** Lease operations on one connection. */
export interface SyncLeaseStore {
  /**
   * Takes the account's lease for `claim` when nobody holds it or `isGone` says its holder is gone; returns null then,
   * else the lease of the holder.
   */
  claimSyncLease(claim: SyncLease, isGone: (holder: SyncLease) => boolean): SyncLease | null;
  /** Stamps the lease renewed at `at`; false when `owner` no longer holds it (another process took it over). */
  renewSyncLease(account: string, owner: string, at: number): boolean;
  /** Gives the lease back, if `owner` still holds it. */
  releaseSyncLease(account: string, owner: string): void;
  /** The account's lease as stored, held or left by a process that is gone. */
  syncLease(account: string): SyncLease | null;
}

interface Row {
  account_id: string;
  owner: string;
  pid: number;
  host: string;
  kind: SyncLeaseKind;
  acquired_at: number;
  renewed_at: number;
}

function toLease(row: Row): SyncLease {
  return {
    account: row.account_id,
    owner: row.owner,
    pid: row.pid,
    host: row.host,
    kind: row.kind,
    acquiredAt: row.acquired_at,
    renewedAt: row.renewed_at,
  };
}

/** Prepares the lease statements on `db`. */
export function createSyncLeaseStore(db: Database.Database): SyncLeaseStore {
  const read = db.prepare<[string], Row>('SELECT * FROM sync_leases WHERE account_id = ?');
  const put = db.prepare(
    `INSERT OR REPLACE INTO sync_leases (account_id, owner, pid, host, kind, acquired_at, renewed_at)
     VALUES (@account, @owner, @pid, @host, @kind, @acquiredAt, @renewedAt)`,
  );
  const renew = db.prepare('UPDATE sync_leases SET renewed_at = ? WHERE account_id = ? AND owner = ?');
  const release = db.prepare('DELETE FROM sync_leases WHERE account_id = ? AND owner = ?');
  const lease = (account: string): SyncLease | null => {
    const row = read.get(account);
    return row ? toLease(row) : null;
  };
  // IMMEDIATE: the read and the write are one step for every process, not two a rival could slip between.
  const claim = db.transaction((wanted: SyncLease, isGone: (holder: SyncLease) => boolean): SyncLease | null => {
    const holder = lease(wanted.account);
    if (holder !== null && holder.owner !== wanted.owner && !isGone(holder)) return holder;
    put.run(wanted);
    return null;
  });
  return {
    claimSyncLease: (wanted, isGone) => {
      assertAccount(wanted.account);
      return claim.immediate(wanted, isGone);
    },
    renewSyncLease: (account, owner, at) => renew.run(at, account, owner).changes > 0,
    releaseSyncLease: (account, owner) => void release.run(account, owner),
    syncLease: (account) => {
      assertAccount(account);
      return lease(account);
    },
  };
}
