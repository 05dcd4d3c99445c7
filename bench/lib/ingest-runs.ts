/**
 * The two ingests the ingest case compares, each run by `ingest-child.ts` in a process of its own: sales stored
 * through the cache's page store as a sync stores them, and the plain INSERT baseline.
 */
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { openCache } from '../../src/core/cache';
import { generateSalePages, parseGeneratedPage } from '../../src/core/demo';
import type { Sale } from '../../src/shared/domain';
import { BENCH_ACCOUNT } from './case';

/** Sales per page, what one service page holds. */
export const PAGE = 100;

function removeDb(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
}

/** Wall and CPU time (user + system) of the timed parts of one run, in ms. */
export interface Timing {
  ms: number;
  cpuMs: number;
}

/** Feeds `size` generated sales, parsed a page at a time, to `store`, and sums the time `store` took. */
function streamed(size: number, store: (page: readonly Sale[]) => void): Timing {
  const total: Timing = { ms: 0, cpuMs: 0 };
  for (const wire of generateSalePages({ seed: 7, count: size, endDay: '2026-06-30', days: 730 }, PAGE)) {
    const page = parseGeneratedPage(wire);
    const cpu = process.cpuUsage();
    const started = performance.now();
    store(page);
    total.ms += performance.now() - started;
    const used = process.cpuUsage(cpu);
    total.cpuMs += (used.user + used.system) / 1000;
  }
  return total;
}

/** Times a step that is part of storing but runs once, after the pages (the search catch-up, a commit). */
function addTimed(total: Timing, work: () => void): void {
  const cpu = process.cpuUsage();
  const started = performance.now();
  work();
  total.ms += performance.now() - started;
  const used = process.cpuUsage(cpu);
  total.cpuMs += (used.user + used.system) / 1000;
}

/** Stores `size` generated sales into a new cache at `path` page by page, as a sync does; returns the storing's time. */
export function intoCache(path: string, size: number): Timing {
  removeDb(path);
  const { cache } = openCache({ path });
  const fetchedAt = new Date();
  let parsed = 0;
  const timing = streamed(size, (page) => {
    cache.storePage(BENCH_ACCOUNT, page, fetchedAt);
    parsed += page.length;
  });
  cache.close();
  // Counted in SQL: the cache's own count would build the browse index, whose memory is not the ingest's.
  const db = new Database(path, { readonly: true });
  const stored = db
    .prepare<[string], number>('SELECT count(*) FROM sales WHERE account_id = ?')
    .pluck()
    .get(BENCH_ACCOUNT);
  db.close();
  removeDb(path);
  if (stored !== parsed) throw new Error(`the cache holds ${stored} sales, not ${parsed}`);
  return timing;
}

/** The baseline: the same sales, field for field, into an unindexed table in one transaction. */
export function plainInsert(path: string, size: number): Timing {
  removeDb(path);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE sales (reference TEXT, commission_amount REAL, currency TEXT, commission_status TEXT, transaction_amount REAL,
    category TEXT, transaction_date TEXT, payment_status TEXT, payment_date TEXT, product_slug TEXT, product_name TEXT,
    collection_slug TEXT, collection_name TEXT, collection_url TEXT, subid TEXT)`);
  const insert = db.prepare('INSERT INTO sales VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const timing: Timing = { ms: 0, cpuMs: 0 };
  addTimed(timing, () => db.exec('BEGIN'));
  const streamedTiming = streamed(size, (rows) => {
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
  addTimed(timing, () => db.exec('COMMIT'));
  db.close();
  removeDb(path);
  return { ms: timing.ms + streamedTiming.ms, cpuMs: timing.cpuMs + streamedTiming.cpuMs };
}
