/**
 * routine-sync (T2): what keeping statuses current costs. A cache of three years of sales, spread evenly over
 * the days (the generator's own spread grows towards the end, which would put a tenth of three years in the last 60
 * days), filled from the HTTPS fake service (with a latency on every request), where most old sales are final and about
 * 2% of them are still open; then, after a few old open sales were paid at the service, one routine sync (runRoutineSync: the 60-day
 * trailing window, every open sale re-checked by status-filtered walks, the changed days fetched again, a thirtieth of
 * the older days fetched again in rotation and one count of them), next to the
 * baseline of a full refresh of the same three years (runSync with `refresh`), as a user would otherwise run to catch
 * those payments. Requests are counted at the fake; the target is on requests, the time is shown with its ratio.
 *
 * The fake runs in this process (its data is changed between the runs), so its answering time weighs on both sides.
 */
import { join } from 'node:path';
import { startFakeService, type FakeService } from '../../e2e/fake-service/fake-service';
import { openCache, type SalesCache } from '../../src/core/cache';
import { generateSales, type WireSale } from '../../src/core/demo';
import { createNodeFetch, createServiceClient, type ServiceClient } from '../../src/core/service';
import { runRoutineSync, runSync, type SyncDeps } from '../../src/core/sync';
import { addDays, isoDayToService, serviceDayToIso } from '../../src/shared/dates';
import { BENCH_ACCOUNT, type RunCase } from '../lib/case';
import { count, info, ratioAtMost } from '../lib/rows';
import { progress, timed } from '../lib/timing';

export const END_DAY = '2026-06-30';
export const DAYS = 3 * 365;
export const TRAILING_DAYS = 60;
export const LATENCY_MS = 20;
/** Share of the sales older than the trailing window left open, as an affiliate's backlog of unpaid sales. */
const OLD_OPEN_SHARE = 0.02;
export const FROM = addDays(END_DAY, -(DAYS - 1));
const TRAILING_START = addDays(END_DAY, -TRAILING_DAYS);

const dayOf = (sale: WireSale): string => serviceDayToIso(sale.transaction_date) ?? '';
const isOpen = (sale: WireSale): boolean =>
  sale.commission_status === 'pending' || (sale.commission_status === 'approved' && sale.payment_status !== 'paid');

/**
 * Generated sales moved, in order, onto evenly spread days (the generator's days grow denser towards the end, so sales
 * move earlier and their payments still follow them), with old open ones paid until about {@link OLD_OPEN_SHARE} of the
 * old sales are open.
 */
export function dataset(size: number): WireSale[] {
  const generated = generateSales({ seed: 17, count: size, endDay: END_DAY, days: DAYS });
  const sales = generated.map((s, i) => ({
    ...s,
    transaction_date: isoDayToService(addDays(FROM, Math.floor((i * DAYS) / generated.length))),
  }));
  const old = sales.filter((s) => dayOf(s) < TRAILING_START);
  const open = old.filter(isOpen);
  const keepEvery = Math.max(1, Math.round(open.length / Math.max(1, OLD_OPEN_SHARE * old.length)));
  const settle = new Set(open.filter((_, i) => i % keepEvery !== 0).map((s) => s.reference));
  return sales.map((s) =>
    settle.has(s.reference)
      ? { ...s, commission_status: 'approved', payment_status: 'paid', payment_date: s.transaction_date }
      : s,
  );
}

function reportRequests(fake: FakeService): number {
  return fake.requests.filter((r) => r.route === 'report' && r.status === 200).length;
}

/** A few old open sales spread over the years are paid at the service, as between two routine syncs. */
function payOldOpenSales(fake: FakeService, howMany: number): string[] {
  const candidates = fake.sales.filter((s) => dayOf(s) < TRAILING_START && isOpen(s));
  const chosen = Array.from(
    { length: Math.min(howMany, candidates.length) },
    (_, i) => candidates[Math.floor((i * candidates.length) / howMany)] as WireSale,
  );
  fake.updateSales(
    chosen.map((s) => ({
      kind: 'set',
      reference: s.reference,
      fields: { commission_status: 'approved', payment_status: 'paid', payment_date: '29-06-2026' },
    })),
  );
  return chosen.map((s) => s.reference);
}

function assertPaid(cache: SalesCache, references: readonly string[]): void {
  for (const reference of references) {
    const [row] = [...cache.iterateSales(BENCH_ACCOUNT, { filter: { text: reference } })];
    if (row?.paymentStatus !== 'paid') throw new Error(`the routine sync did not pick up the payment of ${reference}`);
  }
}

export async function measured(
  fake: FakeService,
  work: () => Promise<unknown>,
): Promise<{ seconds: number; requests: number }> {
  fake.clearRequests();
  const { ms } = await timed(work);
  return { seconds: ms / 1000, requests: reportRequests(fake) };
}

function shares(sales: readonly WireSale[]): { open: number; oldOpen: number; trailing: number } {
  const old = sales.filter((s) => dayOf(s) < TRAILING_START);
  const n = Math.max(1, sales.length);
  return {
    open: sales.filter(isOpen).length / n,
    oldOpen: old.filter(isOpen).length / n,
    trailing: (sales.length - old.length) / n,
  };
}

const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;

export const run: RunCase = async (input) => {
  const sales = dataset(input.size);
  const share = shares(sales);
  const fake = await startFakeService({ sales, today: END_DAY, faults: { latencyMs: LATENCY_MS } });
  const fetch = createNodeFetch({ extraCaPem: fake.caPem });
  const client: ServiceClient = createServiceClient({ baseUrl: fake.baseUrl, credentials: fake.credentials, fetch });
  const { cache } = openCache({ path: join(input.workDir, 'routine.sqlite') });
  const deps: SyncDeps = { cache, client, today: () => END_DAY };
  try {
    const first = await measured(fake, () => runSync(deps, { account: BENCH_ACCOUNT, from: FROM, to: END_DAY }));
    progress(`first sync: ${first.requests} requests in ${first.seconds.toFixed(1)} s`);
    const full = await measured(fake, () =>
      runSync(deps, { account: BENCH_ACCOUNT, from: FROM, to: END_DAY, refresh: true }),
    );
    progress(`full refresh: ${full.requests} requests in ${full.seconds.toFixed(1)} s`);
    const paid = payOldOpenSales(fake, input.quick ? 3 : 10);
    const routine = await measured(fake, () =>
      runRoutineSync(deps, { account: BENCH_ACCOUNT, trailingDays: TRAILING_DAYS }),
    );
    assertPaid(cache, paid);
    progress(
      `routine sync after ${paid.length} payments: ${routine.requests} requests in ${routine.seconds.toFixed(1)} s`,
    );
    const idle = await measured(fake, () =>
      runRoutineSync(deps, { account: BENCH_ACCOUNT, trailingDays: TRAILING_DAYS }),
    );
    progress(`routine sync with nothing changed: ${idle.requests} requests in ${idle.seconds.toFixed(1)} s`);
    return {
      size: `${count(input.size)} sales`,
      rows: [
        ratioAtMost(
          `requests, routine sync (${paid.length} old sales paid)`,
          routine.requests,
          'rows',
          full.requests,
          0.15,
        ),
        info(`time, routine sync (${paid.length} old sales paid)`, routine.seconds, 's', full.seconds),
        info('requests, routine sync, nothing changed', idle.requests, 'rows', full.requests),
      ],
      notes: [
        `baseline = full refresh of the same ${DAYS} days (runSync with refresh), ${full.requests} requests in ${full.seconds.toFixed(1)} s; ${LATENCY_MS} ms latency per request; fake service in the same process.`,
        `the ${TRAILING_DAYS}-day trailing window (fetched in full) holds ${percent(share.trailing)} of the ${count(sales.length)} sales; open sales: ${percent(share.open)} of the cache, ${percent(share.oldOpen)} older than the trailing window (re-checked by two status-filtered walks).`,
      ],
    };
  } finally {
    cache.close();
    fetch.close();
    await fake.close();
  }
};
