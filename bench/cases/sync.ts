/**
 * sync: a year of sales from the HTTPS fake service (its own process, `LATENCY_MS` on every request) into a new
 * cache through runSync, exactly as the app's sync manager runs it (a service client over the Node transport, the
 * engine's default of 3 date windows in parallel, pages of 100, one transaction per page).
 *
 * The baseline replays the very requests the sync made — the profile, then each window's pages in order, 3 windows at
 * a time — with the same transport and headers, reading each body as text: no parsing, no storage. Runs alternate
 * (sync, baseline, sync, baseline on a full run) into fresh cache files, and the best of each is compared.
 */
import { join } from 'node:path';
import { createNodeFetch } from '../../src/core/service';
import { addDays } from '../../src/shared/dates';
import type { RunCase } from '../lib/case';
import { startFakeProcess, type FakeProcess } from '../lib/fake-process';
import { count, ratioAtMost } from '../lib/rows';
import { timedSync } from '../lib/timed-sync';
import { best, progress, timed } from '../lib/timing';

const END_DAY = '2026-06-30';
const DAYS = 365;
const LATENCY_MS = 20;
/** runSync's default `parallelWindows`; the baseline uses the same. */
const PARALLEL_WINDOWS = 3;

interface LoggedRequest {
  seq: number;
  route: 'user' | 'report' | 'other';
  path: string;
  rawQuery: string;
  query: Record<string, string | string[]>;
  page: number | null;
  status: number | null;
}

/** The requests of one sync: the profile first, then the pages of each date window in order. */
interface RecordedSync {
  profile: string[];
  windows: string[][];
}

function record(fake: FakeProcess, requests: readonly LoggedRequest[]): RecordedSync {
  const url = (r: LoggedRequest): string => `${fake.baseUrl}${r.path}${r.rawQuery === '' ? '' : `?${r.rawQuery}`}`;
  const served = [...requests].filter((r) => r.status === 200).sort((a, b) => a.seq - b.seq);
  const windows = new Map<string, LoggedRequest[]>();
  for (const r of served.filter((x) => x.route === 'report')) {
    const key = `${String(r.query.start_date)}|${String(r.query.end_date)}`;
    windows.set(key, [...(windows.get(key) ?? []), r]);
  }
  return {
    profile: served.filter((r) => r.route === 'user').map(url),
    windows: [...windows.values()].map((pages) => pages.sort((a, b) => (a.page ?? 0) - (b.page ?? 0)).map(url)),
  };
}

async function timedFetches(fake: FakeProcess, recorded: RecordedSync): Promise<number> {
  const fetch = createNodeFetch({ extraCaPem: fake.caPem });
  const headers = {
    'api-key': fake.credentials.apiKey,
    'api-secret': fake.credentials.apiSecret,
    'app-id': fake.credentials.appId,
    accept: 'application/json',
  };
  const get = async (url: string): Promise<void> => {
    const response = await fetch(url, { headers });
    await response.text();
    if (response.status !== 200) throw new Error(`baseline request answered ${response.status}: ${url}`);
  };
  try {
    const { ms } = await timed(async () => {
      for (const url of recorded.profile) await get(url);
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < recorded.windows.length) {
          const pages = recorded.windows[next++] as string[];
          for (const url of pages) await get(url);
        }
      };
      await Promise.all(Array.from({ length: PARALLEL_WINDOWS }, worker));
    });
    return ms;
  } finally {
    fetch.close();
  }
}

export const run: RunCase = async (input) => {
  const from = addDays(END_DAY, -(DAYS - 1));
  const fake = await startFakeProcess({
    repoRoot: input.repoRoot,
    sales: input.size,
    seed: 11,
    endDay: END_DAY,
    days: DAYS,
    latencyMs: LATENCY_MS,
  });
  try {
    const syncs: number[] = [];
    const fetches: number[] = [];
    let recorded: RecordedSync | null = null;
    let requestCount = 0;
    for (let round = 0; round < (input.quick ? 1 : 2); round++) {
      await fake.command({ op: 'clearRequests' });
      const path = join(input.workDir, `sync-${round}.sqlite`);
      const ms = await timedSync(fake, path, { from, to: END_DAY }, input.size);
      syncs.push(ms);
      if (recorded === null) {
        const requests = await fake.command<LoggedRequest[]>({ op: 'requests' });
        if (requests.some((r) => r.status !== 200))
          throw new Error('the sync met a non-200 answer; the fake service should not inject faults here');
        recorded = record(fake, requests);
        requestCount = requests.length;
      }
      progress(`round ${round + 1}: sync ${ms.toFixed(0)} ms`);
      fetches.push(await timedFetches(fake, recorded));
      progress(
        `round ${round + 1}: plain fetch of the same ${requestCount} requests ${(fetches.at(-1) as number).toFixed(0)} ms`,
      );
    }
    return {
      size: `${count(input.size)} sales`,
      rows: [ratioAtMost('sync time', best(syncs) / 1000, 's', best(fetches) / 1000, 1.05)],
      notes: [
        `baseline = plain fetch (createNodeFetch) of the same ${requestCount} requests, ${PARALLEL_WINDOWS} date windows at a time, bodies read as text; ${LATENCY_MS} ms latency per request; best of ${syncs.length}.`,
        `the sync asks for each window's next page as soon as the current one answers, when the service's count says it exists, and so reads and stores a page while the next is on its way (within its client's limit of 4 requests in flight); the baseline reads each window's pages one after another.`,
      ],
    };
  } finally {
    await fake.close();
  }
};
