/**
 * rate-limit (R9): a sync of three years of sales against the HTTPS fake behind a token-bucket rate limit it does not
 * announce, once answering 429 without a Retry-After and once with one. The baseline is the least time the service
 * allows: the requests it accepted divided by its rate. The client must come within 10% of it, with at most 5% of its
 * requests answered 429.
 */
import { join } from 'node:path';
import { startFakeService } from '../../e2e/fake-service/fake-service';
import { openCache } from '../../src/core/cache';
import { createNodeFetch, createServiceClient } from '../../src/core/service';
import { runSync } from '../../src/core/sync';
import { BENCH_ACCOUNT, type RunCase } from '../lib/case';
import { count, holds, ratioAtMost, type Row } from '../lib/rows';
import { progress, timed } from '../lib/timing';
import { END_DAY, FROM, LATENCY_MS, dataset } from './routine-sync';

/** Report requests per second the fake accepts, and its burst. */
const RATE = 20;
const BURST = 20;

async function syncBehindLimit(
  size: number,
  workDir: string,
  retryAfter: string | null,
): Promise<{ rows: Row[]; note: string }> {
  const fake = await startFakeService({
    sales: dataset(size),
    today: END_DAY,
    faults: { latencyMs: LATENCY_MS, tokenBucket: { rate: RATE, burst: BURST }, rateLimitRetryAfter: retryAfter },
  });
  const fetch = createNodeFetch({ extraCaPem: fake.caPem });
  const client = createServiceClient({ baseUrl: fake.baseUrl, credentials: fake.credentials, fetch });
  const { cache } = openCache({ path: join(workDir, `rate-limit-${retryAfter ?? 'none'}.sqlite`) });
  try {
    const { ms } = await timed(() =>
      runSync({ cache, client, today: () => END_DAY }, { account: BENCH_ACCOUNT, from: FROM, to: END_DAY }),
    );
    const reports = fake.requests.filter((r) => r.route === 'report');
    const accepted = reports.filter((r) => r.status === 200).length;
    const limited = reports.filter((r) => r.status === 429).length;
    const share = reports.length === 0 ? 0 : limited / reports.length;
    const label = retryAfter === null ? 'no Retry-After' : `Retry-After ${retryAfter}`;
    progress(`${label}: ${accepted} accepted, ${limited} answered 429, ${(ms / 1000).toFixed(1)} s`);
    return {
      rows: [
        ratioAtMost(
          `sync time vs (accepted requests - burst) / rate, ${label}`,
          ms / 1000,
          's',
          Math.max(0, accepted - BURST) / RATE,
          1.1,
        ),
        holds(`requests answered 429, ${label}`, limited, 'rows', `<= 5% of ${count(reports.length)}`, share <= 0.05),
      ],
      note: `${label}: ${count(accepted)} requests accepted, ${count(limited)} answered 429 (${(share * 100).toFixed(1)}%).`,
    };
  } finally {
    cache.close();
    fetch.close();
    await fake.close();
  }
}

export const run: RunCase = async (input) => {
  const plain = await syncBehindLimit(input.size, input.workDir, null);
  const told = await syncBehindLimit(input.size, input.workDir, '1');
  return {
    size: `${count(input.size)} sales`,
    rows: [...plain.rows, ...told.rows],
    notes: [
      `The fake accepts ${RATE} report requests a second (bursts of ${BURST}) and answers 429 beyond; baseline = (accepted requests − the burst) / ${RATE}, the least time the limit allows.`,
      plain.note,
      told.note,
    ],
  };
};
