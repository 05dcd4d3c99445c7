/**
 * ingest: a million parsed sales upserted into a new cache through `storePage`, in pages of 100 (what one service page
 * holds, so what a sync stores per transaction), up to date search index included, against a plain INSERT of the same sales, field for field, into an
 * unindexed table in one transaction on a connection with the cache's journal settings. Generating and parsing the
 * sales happen before either timing.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { parsePage } from '../../scripts/generate-sales-db';
import { openCache } from '../../src/core/cache';
import { generateSales } from '../../src/core/demo';
import type { Sale } from '../../src/shared/domain';
import { BENCH_ACCOUNT, type RunCase } from '../lib/case';
import { atMost, count, info, ratioAtMost } from '../lib/rows';
import { best, progress, timed } from '../lib/timing';

const PAGE = 100;

function removeDb(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
}

/** Wall and CPU time (user + system) of one run, in ms. */
interface Timing {
  ms: number;
  cpuMs: number;
}

async function measured(work: () => void): Promise<Timing> {
  const cpu = process.cpuUsage();
  const { ms } = await timed(work);
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

async function intoCache(path: string, sales: readonly Sale[]): Promise<Timing> {
  removeDb(path);
  const { cache } = openCache({ path });
  const fetchedAt = new Date();
  const timing = await measured(() => {
    for (let i = 0; i < sales.length; i += PAGE) cache.storePage(BENCH_ACCOUNT, sales.slice(i, i + PAGE), fetchedAt);
    // The search entries the page store leaves for a bulk write are part of storing the sales.
    cache.catchUpSearch();
  });
  const stored = cache.countSales(BENCH_ACCOUNT, {});
  cache.close();
  removeDb(path);
  if (stored !== sales.length) throw new Error(`the cache holds ${stored} sales, not ${sales.length}`);
  return timing;
}

async function plainInsert(path: string, sales: readonly Sale[]): Promise<Timing> {
  removeDb(path);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE sales (reference TEXT, commission_amount REAL, currency TEXT, commission_status TEXT, transaction_amount REAL,
    category TEXT, transaction_date TEXT, payment_status TEXT, payment_date TEXT, product_slug TEXT, product_name TEXT,
    collection_slug TEXT, collection_name TEXT, collection_url TEXT, subid TEXT)`);
  const insert = db.prepare('INSERT INTO sales VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const all = db.transaction((rows: readonly Sale[]) => {
    for (const s of rows) {
      insert.run(
        s.reference,
        s.commissionAmount,
        s.currency,
        s.commissionStatus,
        s.transactionAmount,
        s.category,
        s.transactionDate,
        s.paymentStatus,
        s.paymentDate,
        s.productSlug,
        s.productName,
        s.collectionSlug,
        s.collectionName,
        s.collectionUrl,
        s.subid,
      );
    }
  });
  const timing = await measured(() => all(sales));
  db.close();
  removeDb(path);
  return timing;
}

export const run: RunCase = async (input) => {
  const sales = parsePage(generateSales({ seed: 7, count: input.size, endDay: '2026-06-30', days: 730 }));
  progress(`generated and parsed ${count(sales.length)} sales`);
  const baselines: Timing[] = [];
  const subjects: Timing[] = [];
  // Baseline and cache alternate (three times each on a full run); the best of each is compared.
  for (let round = 0; round < (input.quick ? 1 : 3); round++) {
    baselines.push(await plainInsert(join(input.workDir, 'plain.sqlite'), sales));
    subjects.push(await intoCache(join(input.workDir, 'cache.sqlite'), sales));
    const [b, c] = [baselines.at(-1) as Timing, subjects.at(-1) as Timing];
    progress(
      `round ${round + 1}: plain insert ${b.ms.toFixed(0)} ms (cpu ${b.cpuMs.toFixed(0)}), cache upsert ${c.ms.toFixed(0)} ms (cpu ${c.cpuMs.toFixed(0)})`,
    );
  }
  const subject = best(subjects.map((t) => t.ms)) / 1000;
  const baseline = best(baselines.map((t) => t.ms)) / 1000;
  const cpu = (timings: Timing[]): number => best(timings.map((t) => t.cpuMs)) / 1000;
  return {
    size: `${count(input.size)} sales`,
    rows: [
      ratioAtMost('upsert time', subject, 's', baseline, 3),
      atMost('upsert time', subject, 's', 20),
      info('upsert CPU time (user + system)', cpu(subjects), 's', cpu(baselines)),
    ],
    notes: [
      `baseline = plain INSERT of the same sales into an unindexed table in one transaction; the cache stores pages of ${PAGE} in one transaction each, search index brought up to date at the end.`,
      'peak RSS holds the million parsed input sales both runs share.',
    ],
  };
};
