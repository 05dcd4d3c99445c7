/**
 * rate-limit: a year of sales synced through runSync against the HTTPS fake service behind a token-bucket limit it
 * does not announce (R9), once with bare 429s and once with a Retry-After on each. The client learns the rate from
 * the 429s alone; the baseline is the time the accepted report requests take at exactly the allowed rate.
 */
import { join } from 'node:path';
import { addDays } from '../../src/shared/dates';
import type { RunCase } from '../lib/case';
import { startFakeProcess, type FakeProcess } from '../lib/fake-process';
import { count, holds, ratioAtMost, type Row } from '../lib/rows';
import { timedSync } from '../lib/timed-sync';
import { progress } from '../lib/timing';

const END_DAY = '2026-06-30';
const DAYS = 365;
const LATENCY_MS = 20;
/** Report requests allowed per second, and at once. */
const RATE = 20;
const BURST = 5;
/** Most share of report requests that may be answered 429. */
const MAX_LIMITED_SHARE = 0.05;

interface LoggedRequest {
  route: 'user' | 'report' | 'other';
  status: number | null;
}

async function measure(fake: FakeProcess, path: string, expected: number, retryAfter: boolean): Promise<Row[]> {
  await fake.command({ op: 'clearRequests' });
  await fake.command({ op: 'setFaults', faults: { tokenBucket: { rate: RATE, burst: BURST, retryAfter } } });
  const ms = await timedSync(fake, path, { from: addDays(END_DAY, -(DAYS - 1)), to: END_DAY }, expected);
  const reports = (await fake.command<LoggedRequest[]>({ op: 'requests' })).filter((r) => r.route === 'report');
  const accepted = reports.filter((r) => r.status === 200).length;
  const limited = reports.filter((r) => r.status === 429).length;
  const label = retryAfter ? 'with Retry-After' : 'bare 429s';
  progress(`${label}: ${ms.toFixed(0)} ms, ${accepted} accepted, ${limited} answered 429`);
  return [
    ratioAtMost(`sync time, ${label}`, ms / 1000, 's', accepted / RATE, 1.1),
    holds(
      `429 answers, ${label}`,
      limited,
      'rows',
      `<= 5 % of ${count(reports.length)}`,
      limited <= MAX_LIMITED_SHARE * reports.length,
    ),
  ];
}

export const run: RunCase = async (input) => {
  const fake = await startFakeProcess({
    repoRoot: input.repoRoot,
    sales: input.size,
    seed: 13,
    endDay: END_DAY,
    days: DAYS,
    latencyMs: LATENCY_MS,
  });
  try {
    const path = join(input.workDir, 'rate-limit.sqlite');
    const rows = [...(await measure(fake, path, input.size, false)), ...(await measure(fake, path, input.size, true))];
    return {
      size: `${count(input.size)} sales`,
      rows,
      notes: [
        `the fake service allows ${RATE} report requests a second (${BURST} at once) and answers 429 beyond that, without saying its limit; baseline = accepted report requests / ${RATE}; ${LATENCY_MS} ms latency per request.`,
      ],
    };
  } finally {
    await fake.close();
  }
};
