/**
 * One session's first sales-table query on a cache file, in a process of its own so its memory does not count in the
 * caller's: `bench/lib/first-query.ts <db> <account>`, run bundled by `runJsonChild`, opens the cache, asks for the
 * first page of the sales table (newest first, as the sales screen does), searches the sales' texts once (as a user
 * who has used the search box), closes the cache (which saves the browse index when it was built, and the texts the
 * search read) and prints `{"openMs":…,"firstQueryMs":…,"firstSearchMs":…,"closeMs":…,"peakRssMb":…}` on stdout.
 */
import { pathToFileURL } from 'node:url';
import { runJsonChild } from './json-child';
import { openCache } from '../../src/core/cache';

/** What one session measured. */
export interface FirstQuery {
  openMs: number;
  firstQueryMs: number;
  /** The session's first text search: every sale's reference read from the table when no saved texts match. */
  firstSearchMs: number;
  closeMs: number;
  peakRssMb: number;
}

/** Runs one session in a child process and returns its figures. */
export async function firstQueryInChild(repoRoot: string, dbPath: string, account: string): Promise<FirstQuery> {
  return runJsonChild<FirstQuery>(repoRoot, 'bench/lib/first-query.ts', [dbPath, account]);
}

function main(): void {
  const [dbPath, account] = process.argv.slice(2);
  if (dbPath === undefined || account === undefined) throw new Error('usage: bench/lib/first-query.ts <db> <account>');
  const t0 = performance.now();
  const { cache } = openCache({ path: dbPath, integrityCheck: 'background' });
  const t1 = performance.now();
  const page = cache.salesPage(account, {
    sort: { column: 'transactionDate', direction: 'desc' },
    offset: 0,
    limit: 100,
  });
  const t2 = performance.now();
  if (page.rows.length === 0) throw new Error('the first page is empty');
  cache.salesPage(account, {
    filter: { text: 'zz' },
    sort: { column: 'transactionDate', direction: 'desc' },
    offset: 0,
    limit: 100,
  });
  const t3 = performance.now();
  cache.close();
  const t4 = performance.now();
  const result: FirstQuery = {
    openMs: t1 - t0,
    firstQueryMs: t2 - t1,
    firstSearchMs: t3 - t2,
    closeMs: t4 - t3,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(JSON.stringify(result));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
