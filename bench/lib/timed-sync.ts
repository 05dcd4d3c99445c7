/**
 * One sync timed as the app's sync manager runs it: runSync with a service client over the Node transport against
 * the fake service, into a new cache file that is removed afterwards.
 */
import { rmSync } from 'node:fs';
import { openCache } from '../../src/core/cache';
import { createNodeFetch, createServiceClient } from '../../src/core/service';
import { runSync } from '../../src/core/sync';
import { BENCH_ACCOUNT } from './case';
import type { FakeProcess } from './fake-process';
import { timed } from './timing';

function removeDb(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
}

/** Syncs `from`..`to` into a new cache at `path`; checks that `expected` sales were stored; returns milliseconds. */
export async function timedSync(
  fake: FakeProcess,
  path: string,
  range: { from: string; to: string },
  expected: number,
): Promise<number> {
  removeDb(path);
  const { cache } = openCache({ path });
  const fetch = createNodeFetch({ extraCaPem: fake.caPem });
  const client = createServiceClient({ baseUrl: fake.baseUrl, credentials: fake.credentials, fetch });
  try {
    const { ms } = await timed(() =>
      runSync({ cache, client, today: () => range.to }, { account: BENCH_ACCOUNT, ...range }),
    );
    const stored = cache.countSales(BENCH_ACCOUNT, {});
    if (stored !== expected) throw new Error(`the sync stored ${stored} sales, not ${expected}`);
    return ms;
  } finally {
    fetch.close();
    cache.close();
    removeDb(path);
  }
}
