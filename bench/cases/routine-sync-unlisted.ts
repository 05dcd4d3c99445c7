/**
 * routine-sync-unlisted (R4): the routine sync when the service reports statuses its filters cannot ask for. The
 * routine-sync case's three years of evenly spread sales, with about 6% of them (every seventeenth) held in a commission
 * status the spec does not list, waiting for payment. After one routine sync has settled the cache, a routine sync with
 * nothing changed is counted at the fake against a full refresh of the same three years.
 */
import { join } from 'node:path';
import { startFakeService } from '../../e2e/fake-service/fake-service';
import { openCache } from '../../src/core/cache';
import type { WireSale } from '../../src/core/demo';
import { createNodeFetch, createServiceClient } from '../../src/core/service';
import { runRoutineSync, runSync, type SyncDeps } from '../../src/core/sync';
import { BENCH_ACCOUNT, type RunCase } from '../lib/case';
import { count, ratioAtMost } from '../lib/rows';
import { progress } from '../lib/timing';
import { DAYS, END_DAY, FROM, LATENCY_MS, TRAILING_DAYS, dataset, measured } from './routine-sync';

/** Every seventeenth sale held in an unlisted status: about 6%. */
const HELD_EVERY = 17;

function withHeldSales(sales: readonly WireSale[]): WireSale[] {
  return sales.map((s, i) =>
    i % HELD_EVERY === 3 ? { ...s, commission_status: 'on_hold', payment_status: 'pending', payment_date: null } : s,
  );
}

export const run: RunCase = async (input) => {
  const sales = withHeldSales(dataset(input.size));
  const held = sales.filter((s) => s.commission_status === 'on_hold').length;
  const fake = await startFakeService({ sales, today: END_DAY, faults: { latencyMs: LATENCY_MS } });
  const fetch = createNodeFetch({ extraCaPem: fake.caPem });
  const client = createServiceClient({ baseUrl: fake.baseUrl, credentials: fake.credentials, fetch });
  const { cache } = openCache({ path: join(input.workDir, 'unlisted.sqlite') });
  const deps: SyncDeps = { cache, client, today: () => END_DAY };
  const job = { account: BENCH_ACCOUNT, trailingDays: TRAILING_DAYS };
  try {
    await runSync(deps, { account: BENCH_ACCOUNT, from: FROM, to: END_DAY });
    const full = await measured(fake, () =>
      runSync(deps, { account: BENCH_ACCOUNT, from: FROM, to: END_DAY, refresh: true }),
    );
    progress(`full refresh: ${full.requests} requests in ${full.seconds.toFixed(1)} s`);
    const settle = await measured(fake, () => runRoutineSync(deps, job));
    progress(`first routine sync: ${settle.requests} requests`);
    const idle = await measured(fake, () => runRoutineSync(deps, job));
    progress(`routine sync with nothing changed: ${idle.requests} requests in ${idle.seconds.toFixed(1)} s`);
    return {
      size: `${count(input.size)} sales`,
      rows: [
        ratioAtMost('requests, routine sync, nothing changed, 6% held', idle.requests, 'rows', full.requests, 0.3),
      ],
      notes: [
        `baseline = full refresh of the same ${DAYS} days, ${full.requests} requests; ${count(held)} of ${count(sales.length)} sales (${((held / sales.length) * 100).toFixed(1)}%) held in an unlisted commission status with a pending payment.`,
      ],
    };
  } finally {
    cache.close();
    fetch.close();
    await fake.close();
  }
};
