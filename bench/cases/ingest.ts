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
import { openCache } from '../../src/main/cache/open-cache';
import { generateSales } from '../../src/main/demo/sales-dataset';
import type { Sale } from '../../src/shared/domain';
import { BENCH_ACCOUNT, type RunCase } from '../lib/case';
import { atMost, count, ratioAtMost } from '../lib/rows';
import { best, progress, timed } from '../lib/timing';

const PAGE = 100;

function removeDb(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
}

async function intoCache(path: string, sales: readonly Sale[]): Promise<number> {
  removeDb(path);
  const { cache } = openCache({ path });
  const fetchedAt = new Date();
  const { ms } = await timed(() => {
    for (let i = 0; i < sales.length; i += PAGE) cache.storePage(BENCH_ACCOUNT, sales.slice(i, i + PAGE), fetchedAt);
    // The search entries the page store leaves for a bulk write are part of storing the sales.
    cache.catchUpSearch();
  });
  const stored = cache.countSales(BENCH_ACCOUNT, {});
  cache.close();
  removeDb(path);
  if (stored !== sales.length) throw new Error(`the cache holds ${stored} sales, not ${sales.length}`);
  return ms;
}

async function plainInsert(path: string, sales: readonly Sale[]): Promise<number> {
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
      insert.run(s.reference, s.commissionAmount, s.currency, s.commissionStatus, s.transactionAmount, s.category, s.transactionDate,
        s.paymentStatus, s.paymentDate, s.productSlug, s.productName, s.collectionSlug, s.collectionName, s.collectionUrl, s.subid);
    }
  });
  const { ms } = await timed(() => all(sales));
  db.close();
  removeDb(path);
  return ms;
}

export const run: RunCase = async (input) => {
  const sales = parsePage(generateSales({ seed: 7, count: input.size, endDay: '2026-06-30', days: 730 }));
  progress(`generated and parsed ${count(sales.length)} sales`);
  const baselines: number[] = [];
  const subjects: number[] = [];
  // Baseline and cache alternate (twice each on a full run); the best of each is compared.
  for (let round = 0; round < (input.quick ? 1 : 2); round++) {
    baselines.push(await plainInsert(join(input.workDir, 'plain.sqlite'), sales));
    progress(`round ${round + 1}: plain insert ${(baselines.at(-1) as number).toFixed(0)} ms`);
    subjects.push(await intoCache(join(input.workDir, 'cache.sqlite'), sales));
    progress(`round ${round + 1}: cache upsert ${(subjects.at(-1) as number).toFixed(0)} ms`);
  }
  const subject = best(subjects) / 1000;
  const baseline = best(baselines) / 1000;
  return {
    size: `${count(input.size)} sales`,
    rows: [ratioAtMost('upsert time', subject, 's', baseline, 3), atMost('upsert time', subject, 's', 20)],
    notes: [`baseline = plain INSERT of the same sales into an unindexed table in one transaction; the cache stores pages of ${PAGE} in one transaction each.`],
  };
};
