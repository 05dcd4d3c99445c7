/**
 * One ingest in a process of its own, for the ingest case: `bench/lib/ingest-child.ts <cache|plain> <database>
 * <sales>`, run bundled by `runJsonChild`. Stores the generated sales through the cache's page store or the plain
 * INSERT baseline once, and prints one JSON line ({@link IngestChildResult}) with this process's peak RSS, so each
 * figure holds only its own run's memory (plus Node and the bundled modules).
 * A small untimed run into another file comes first, so the timed run finds its code compiled, as the earlier rounds
 * of the case did for the later ones when every round ran in one process.
 */
import { intoCache, plainInsert, type Timing } from './ingest-runs';

/** Sales of the untimed run before the timed one. */
const WARM_UP_SALES = 20_000;

/** What the process prints. */
export interface IngestChildResult extends Timing {
  peakRssMb: number;
}

function main(): void {
  const [which, path, size] = process.argv.slice(2);
  const sales = Number(size);
  if ((which !== 'cache' && which !== 'plain') || path === undefined || !Number.isInteger(sales) || sales < 1) {
    throw new Error('usage: bench/lib/ingest-child.ts <cache|plain> <database> <sales>');
  }
  const ingest = which === 'cache' ? intoCache : plainInsert;
  ingest(`${path}.warm-up`, Math.min(sales, WARM_UP_SALES));
  const timing = ingest(path, sales);
  const result: IngestChildResult = { ...timing, peakRssMb: process.resourceUsage().maxRSS / 1024 };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

try {
  main();
} catch (error: unknown) {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}
