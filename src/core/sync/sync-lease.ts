/**
 * One sync per account at a time, across every process that shares the cache (the app and a scheduled command): a
 * sync holds the account's lease in the cache while it runs, renews it now and then, and gives it back at the end. A
 * second sync of the same account waits for the lease as long as it was told to, or stops at once with SYNC_BUSY;
 * syncs of different accounts do not meet. A holder is gone when its process no longer runs (same host) or its lease
 * was not renewed in time; only then is the lease taken over, so only then is its run marked interrupted (the sync
 * that takes over closes it and resumes from what was stored).
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { AppError } from '../../shared/errors';
import type { SalesCache, SyncLease, SyncLeaseKind } from '../cache';

/** How a sync meets another process's sync of the same account. */
export interface SyncLeaseOptions {
  /** Who is syncing, for the message another process shows. Default `command`. */
  kind?: SyncLeaseKind;
  /** How long to wait for the other sync to finish, in ms; 0 (the default) stops at once with SYNC_BUSY. */
  waitMs?: number;
  /** Told once when this sync starts waiting, and with null when it got the lease after waiting. */
  onWait?: (holder: SyncLease | null) => void;
  /** A lease not renewed for this long is taken over, whoever held it. */
  expiresAfterMs?: number;
  /** How often the lease is renewed. */
  renewEveryMs?: number;
  /** How often a waiting sync looks again. */
  pollEveryMs?: number;
  /** Milliseconds since the epoch; the wall clock by default, since other processes compare with theirs. */
  clock?: () => number;
}

const DEFAULTS = { expiresAfterMs: 60_000, renewEveryMs: 5_000, pollEveryMs: 500 };

/** Whether process `pid` runs on this machine (one owned by another user counts). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the holder of `lease` is gone at `nowMs`: its process ended, or it stopped renewing. */
export function leaseHolderGone(lease: SyncLease, nowMs: number, expiresAfterMs = DEFAULTS.expiresAfterMs): boolean {
  if (nowMs - lease.renewedAt > expiresAfterMs) return true;
  return lease.host === hostname() && !processRuns(lease.pid);
}

/** The lease of a sync running elsewhere (or in another part of this process), or null when none holds one. */
export function liveSyncLease(cache: SalesCache, account: string, nowMs = Date.now()): SyncLease | null {
  const lease = cache.syncLease(account);
  return lease === null || leaseHolderGone(lease, nowMs) ? null : lease;
}

/** "another Commission Desk process (the app, process 4242)": who holds a lease, as messages name it. */
export function leaseHolderText(holder: SyncLease): string {
  const who = holder.kind === 'app' ? 'the app' : 'a command';
  return `another Commission Desk process (${who}, process ${holder.pid})`;
}

/** The sentence for a sync stopped because another process syncs the account. */
export function busyMessage(holder: SyncLease): string {
  return `A${leaseHolderText(holder).slice(1)} is syncing this account.`;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

const cancelled = (): AppError =>
  new AppError('CANCELLED', 'The sync was cancelled while it waited for another one to finish.');

/** Claims the account's lease for `mine` now, unless a holder that is not gone has it; returns that holder then. */
function claimNow(cache: SalesCache, mine: SyncLease, options: SyncLeaseOptions): SyncLease | null {
  const now = (options.clock ?? Date.now)();
  const expires = options.expiresAfterMs ?? DEFAULTS.expiresAfterMs;
  return cache.claimSyncLease({ ...mine, acquiredAt: now, renewedAt: now }, (h) => leaseHolderGone(h, now, expires));
}

/** Waits until the lease held by `holder` can be claimed for `mine`, as `options` say; rejects with SYNC_BUSY or CANCELLED. */
async function waitForLease(
  cache: SalesCache,
  mine: SyncLease,
  holder: SyncLease,
  options: SyncLeaseOptions,
  signal: AbortSignal | undefined,
): Promise<void> {
  const clock = options.clock ?? Date.now;
  const waitMs = options.waitMs ?? 0;
  const started = clock();
  if (waitMs <= 0) throw new AppError('SYNC_BUSY', busyMessage(holder));
  options.onWait?.(holder);
  for (let current: SyncLease | null = holder; current !== null; current = claimNow(cache, mine, options)) {
    const left = started + waitMs - clock();
    if (left <= 0) throw new AppError('SYNC_BUSY', busyMessage(current));
    await pause(Math.min(options.pollEveryMs ?? DEFAULTS.pollEveryMs, left), signal);
    if (signal?.aborted) throw cancelled();
  }
  options.onWait?.(null);
}

/**
 * Runs `work` holding the account's sync lease: claims it (waiting as `options` say), renews it while `work` runs,
 * and gives it back after. `work` gets a signal that aborts on `signal` and when the lease was lost (another process
 * took it over after this one stopped renewing); the run then rejects with SYNC_BUSY, saying so.
 */
export async function withSyncLease<T>(
  cache: SalesCache,
  account: string,
  options: SyncLeaseOptions | undefined,
  signal: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const opts = options ?? {};
  const clock = opts.clock ?? Date.now;
  const owner = randomUUID();
  const mine: SyncLease = {
    account,
    owner,
    pid: process.pid,
    host: hostname(),
    kind: opts.kind ?? 'command',
    acquiredAt: 0,
    renewedAt: 0,
  };
  // Claimed at once when free, without a pause: the run's first progress is then ready when a caller starts it.
  const holder = claimNow(cache, mine, opts);
  if (holder !== null) await waitForLease(cache, mine, holder, opts, signal);
  const lost = new AbortController();
  const renew = (): void => {
    try {
      if (!cache.renewSyncLease(account, owner, clock())) lost.abort();
    } catch {
      // A busy or failing file: the next renewal tries again, long before the lease expires.
    }
  };
  const timer = setInterval(renew, opts.renewEveryMs ?? DEFAULTS.renewEveryMs);
  timer.unref?.();
  try {
    return await work(signal ? AbortSignal.any([signal, lost.signal]) : lost.signal);
  } catch (error) {
    if (!lost.signal.aborted || signal?.aborted) throw error;
    throw new AppError(
      'SYNC_BUSY',
      'Another Commission Desk process took over this sync after this one stopped renewing its lease. Everything fetched so far is kept.',
      { cause: error },
    );
  } finally {
    clearInterval(timer);
    try {
      cache.releaseSyncLease(account, owner);
    } catch {
      // The lease then expires on its own.
    }
  }
}
