/**
 * Measures the two ways of answering the sales screen on a large cache, with the same requests, in one run:
 *
 * 1. the app's way: the browse index in memory, saved beside the cache so a new session reads it (first query, then
 *    200 page requests and 50 summaries);
 * 2. SQLite alone, helped as far as it can be: a covering index over every filtered column in date order (built on a
 *    copy of the file, its build time and size reported as what every sync would have to maintain), then each page
 *    request as `count(*)` plus `ORDER BY … LIMIT 100 OFFSET n`, and each summary as one `GROUP BY`.
 *
 *   npx tsx scripts/browse-alternatives.ts --db /tmp/large.sqlite [--account <id>]
 *
 * Make the file with scripts/generate-sales-db.ts. The requests are the query benchmark's (bench/lib/measure-cache.ts).
 * Prints a Markdown table; asserts nothing.
 */
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { openCache, SALE_COLUMNS, SALE_FROM } from '../src/core/cache';
import { orderClause, whereClause } from '../bench/lib/sql-baseline';
import { createRandom } from '../src/core/demo';
import type { SalesFilter } from '../src/shared/sales-query';
import {
  percentile,
  planBrowse,
  planSummaries,
  timePlanned,
  timeSummaries,
  time,
  type PlannedFamily,
} from '../bench/lib/measure-cache';

const COVERING = `CREATE INDEX browse_covering ON sales (account_id, transaction_date, unreported_at, commission_status, payment_status,
  currency, category, subid, product_id, collection_id, payment_date, commission_minor, transaction_minor)`;

interface Figures {
  first: number;
  browse: number[];
  summaries: number[];
}

function plan(path: string, account: string): { browse: PlannedFamily[]; summaries: SalesFilter[]; size: number } {
  const { cache } = openCache({ path, integrityCheck: 'background' });
  try {
    const size = cache.countSales(account, {});
    const values = cache.distinctValues(account, {});
    const random = createRandom(8);
    return {
      browse: planBrowse(cache, account, values, 200, random, size),
      summaries: planSummaries(values, 50, random),
      size,
    };
  } finally {
    cache.close();
  }
}

function inMemory(path: string, account: string, browse: PlannedFamily[], summaries: SalesFilter[]): Figures {
  const { cache } = openCache({ path, integrityCheck: 'background' });
  try {
    const first = time(() => cache.salesPage(account, { offset: 0, limit: 100 })).ms;
    const timings = timePlanned(cache, account, browse).flatMap((f) => f.timings);
    return { first, browse: timings, summaries: timeSummaries(cache, account, summaries) };
  } finally {
    cache.close();
  }
}

function sqlPage(db: Database.Database, account: string, query: PlannedFamily['queries'][number]): void {
  const where = whereClause(account, query.filter ?? {});
  db.prepare(`SELECT count(*) FROM ${SALE_FROM} ${where.sql}`)
    .pluck()
    .get(...where.params);
  const order = orderClause(query.sort ?? { column: 'transactionDate', direction: 'desc' });
  db.prepare(`SELECT ${SALE_COLUMNS} FROM ${SALE_FROM} ${where.sql} ${order} LIMIT ? OFFSET ?`).all(
    ...where.params,
    query.limit ?? 100,
    query.offset ?? 0,
  );
}

function sqlSummary(db: Database.Database, account: string, filter: SalesFilter): void {
  const where = whereClause(account, filter);
  db.prepare(
    `SELECT s.currency, s.commission_status, s.payment_status, count(*), total(s.commission_minor), total(s.transaction_minor)
     FROM ${SALE_FROM} ${where.sql} GROUP BY s.currency, s.commission_status, s.payment_status`,
  ).all(...where.params);
}

function sqlOnly(path: string, account: string, browse: PlannedFamily[], summaries: SalesFilter[]): Figures {
  const db = new Database(path, { readonly: true });
  try {
    const first = time(() =>
      sqlPage(db, account, {
        filter: {},
        sort: { column: 'transactionDate', direction: 'desc' },
        offset: 0,
        limit: 100,
      }),
    ).ms;
    const timings = browse.flatMap((f) => f.queries.map((q) => time(() => sqlPage(db, account, q)).ms));
    return { first, browse: timings, summaries: summaries.map((f) => time(() => sqlSummary(db, account, f)).ms) };
  } finally {
    db.close();
  }
}

function main(): void {
  const { values } = parseArgs({
    options: { db: { type: 'string' }, account: { type: 'string', default: '5f0c6a52-8d3e-4b1a-9c2f-3e4d5a6b7c8d' } },
  });
  if (values.db === undefined) throw new Error('Pass --db <file.sqlite> (make one with scripts/generate-sales-db.ts).');
  const account = values.account;
  const folder = mkdtempSync(join(tmpdir(), 'browse-alternatives-'));
  try {
    const own = join(folder, 'cache.sqlite');
    copyFileSync(values.db, own);
    const { browse, summaries, size } = plan(own, account);
    // A session that builds the index and saves it at close, as the app leaves the file every day.
    inMemory(own, account, [], []);
    const memory = inMemory(own, account, browse, summaries);
    const covered = join(folder, 'covered.sqlite');
    copyFileSync(own, covered);
    const before = statSync(covered).size;
    const db = new Database(covered);
    const built = time(() => db.exec(COVERING)).ms;
    db.exec('VACUUM');
    db.close();
    const sql = sqlOnly(covered, account, browse, summaries);
    const growth = (statSync(covered).size - before) / 1e6;
    const row = (what: string, a: number, b: number): string => `| ${what} | ${a.toFixed(1)} ms | ${b.toFixed(1)} ms |`;
    console.log(
      `${size.toLocaleString('en-US')} sales; covering index built in ${(built / 1000).toFixed(1)} s, file +${growth.toFixed(0)} MB`,
    );
    console.log('| figure | browse index (saved, read at open) | SQLite with a covering index |');
    console.log('|---|---|---|');
    console.log(row('first page after opening', memory.first, sql.first));
    console.log(row('page requests, p50 (200)', percentile(memory.browse, 50), percentile(sql.browse, 50)));
    console.log(row('page requests, p95 (200)', percentile(memory.browse, 95), percentile(sql.browse, 95)));
    console.log(row('summaries, p50 (50)', percentile(memory.summaries, 50), percentile(sql.summaries, 50)));
    console.log(row('summaries, p95 (50)', percentile(memory.summaries, 95), percentile(sql.summaries, 95)));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

main();
