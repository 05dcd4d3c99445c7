/**
 * The query case's requests, drawn in a process of its own so that the counting that picks their offsets (a browse
 * index and a mask per filter) holds no memory in the process that is timed:
 * `bench/lib/query-plan.ts <db> <account> <size>`, run bundled by `runJsonChild`, prints
 * `{"browse":[…],"summaries":[…]}`.
 */
import { pathToFileURL } from 'node:url';
import { runJsonChild } from './json-child';
import { openCache } from '../../src/core/cache';
import { createRandom } from '../../src/core/demo';
import type { SalesFilter } from '../../src/shared/sales-query';
import { planBrowse, planSummaries, type PlannedFamily } from './measure-cache';

/** The planned requests: 200 page requests in their families, 50 summary filters. */
export interface QueryPlan {
  browse: PlannedFamily[];
  summaries: SalesFilter[];
}

/** Draws the plan in a child process and returns it. */
export async function planInChild(repoRoot: string, dbPath: string, account: string, size: number): Promise<QueryPlan> {
  return runJsonChild<QueryPlan>(repoRoot, 'bench/lib/query-plan.ts', [dbPath, account, String(size)]);
}

function main(): void {
  const [dbPath, account, size] = process.argv.slice(2);
  if (dbPath === undefined || account === undefined || size === undefined)
    throw new Error('usage: bench/lib/query-plan.ts <db> <account> <size>');
  // The saved browse index is read here and, unchanged, not saved again at close: the timed process reads the same.
  const { cache } = openCache({ path: dbPath, integrityCheck: 'background' });
  try {
    const values = cache.distinctValues(account, {});
    const random = createRandom(8);
    const browse = planBrowse(cache, account, values, 200, random, Number(size));
    const plan: QueryPlan = { browse, summaries: planSummaries(values, 50, random) };
    process.stdout.write(JSON.stringify(plan));
  } finally {
    cache.close();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
