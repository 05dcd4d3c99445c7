import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../../../test-support/cache-kit';
import { AppError } from '../../shared/errors';
import { openCache, type SalesCache, type SyncLease } from '../cache';
import { createDemoClient } from '../demo';
import { runSync } from './sync-engine';
import type { SyncDeps } from './sync-types';

const TODAY = '2026-06-30';
const ACCOUNT = 'lease-test';
const JOB = { account: ACCOUNT, from: '2026-05-01', to: '2026-05-31' };

let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;

/** A lease left by a process on another machine sharing the folder, last renewed at `renewedAt`. */
function foreignLease(renewedAt: number): SyncLease {
  return { account: ACCOUNT, owner: 'other', pid: 1, host: 'another-machine', kind: 'app', acquiredAt: 0, renewedAt };
}

function deps(clock: () => number, waitMs = 0): SyncDeps {
  return {
    cache: cache,
    client: createDemoClient(TODAY),
    today: () => TODAY,
    lease: { waitMs, clock, pollEveryMs: 5, expiresAfterMs: 60_000 },
  };
}

async function codeOf(run: Promise<unknown>): Promise<string> {
  try {
    await run;
    return 'ok';
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
}

beforeEach(() => {
  folder = tempFolder('sync-lease');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite') }).cache;
});
afterEach(() => {
  cache.close();
  folder.remove();
});

describe('the sync lease', () => {
  it('R10: a lease renewed in time by a process the sync cannot see is respected; once expired it is taken over and the run it left is closed', async () => {
    const start = 1_000_000;
    cache.claimSyncLease(foreignLease(start), () => false);
    const orphan = cache.beginSyncRun(ACCOUNT, JOB.from, JOB.to);
    expect(
      await codeOf(
        runSync(
          deps(() => start + 59_000),
          JOB,
        ),
      ),
    ).toBe('SYNC_BUSY');
    expect(cache.unfinishedSyncRuns(ACCOUNT).map((r) => r.id)).toEqual([orphan]);
    const result = await runSync(
      deps(() => start + 61_000),
      JOB,
    );
    expect(result.progress.state).toBe('completed');
    expect(cache.lastSyncRun(ACCOUNT, 'failed')?.id).toBe(orphan);
    expect(cache.syncLease(ACCOUNT)).toBeNull();
  });

  it('R10: a sync told to wait runs once the holder gives the lease back, and is cancelled while it waits', async () => {
    const now = Date.now();
    cache.claimSyncLease({ ...foreignLease(now), host: 'this-or-that' }, () => false);
    const cancel = new AbortController();
    const cancelled = codeOf(runSync(deps(Date.now, 60_000), JOB, cancel.signal));
    cancel.abort();
    expect(await cancelled).toBe('CANCELLED');
    const waiting = runSync(deps(Date.now, 60_000), JOB);
    await new Promise((resolve) => setTimeout(resolve, 30));
    cache.releaseSyncLease(ACCOUNT, 'other');
    expect((await waiting).progress.state).toBe('completed');
  });

  it('R10: a sync whose lease was taken over stops with SYNC_BUSY saying so, not with a misleading error', async () => {
    const demo = createDemoClient(TODAY);
    // A profile that takes a while, so the lease is renewed (and found lost) before the run gets far.
    const client = {
      ...demo,
      getProfile: async (signal?: AbortSignal) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return demo.getProfile(signal);
      },
    };
    let takenOver = false;
    const run = runSync(
      {
        ...deps(Date.now),
        client,
        lease: { renewEveryMs: 5, clock: Date.now },
        // Another process decides this one is gone and takes the account over.
        onProgress: () => {
          if (!takenOver) cache.claimSyncLease(foreignLease(Date.now()), () => true);
          takenOver = true;
        },
      },
      JOB,
    );
    const error = await run.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('SYNC_BUSY');
    expect((error as AppError).message).toMatch(/^Another Commission Desk process took over this sync/);
  });
});
