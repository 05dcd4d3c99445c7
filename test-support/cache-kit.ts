/**
 * Helpers for the cache's tests: a temporary folder per test and parsed sales from the deterministic generator.
 * Not used by the app.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sale } from '../src/shared/domain';
import { parseSaleRecord } from '../src/shared/wire-schemas';
import { generateSales, type DatasetOptions } from '../src/core/demo';

/** A fresh temporary folder and a function that removes it. */
export function tempFolder(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Generated sales, parsed the way the service client parses them. */
export function sampleSales(options: Partial<DatasetOptions> = {}): Sale[] {
  const wire = generateSales({ seed: 3, count: 2_000, endDay: '2026-06-30', days: 400, ...options });
  return wire.map((record) => {
    const parsed = parseSaleRecord(record);
    if (!parsed.ok) throw new Error(`generated record refused: ${parsed.warning.reason}`);
    return parsed.sale;
  });
}

/**
 * Sales parsed from hand-written wire records (reference, category and sale day filled in when left out), the way
 * the service client reads them: for tests that need exact currencies, statuses and dates.
 */
export function parsedSales(records: readonly Record<string, unknown>[]): Sale[] {
  return records.map((record, i) => {
    const parsed = parseSaleRecord({
      reference: `R-${i}`,
      category: 'offer',
      transaction_date: '01-03-2026',
      ...record,
    });
    if (!parsed.ok) throw new Error(`record refused: ${parsed.warning.reason}`);
    return parsed.sale;
  });
}

/** Splits `items` into pages of `size`. */
export function pages<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A fixed clock that can be moved forward, so stored times are predictable. */
export function testClock(start = '2026-07-01T08:00:00.000Z'): { now: () => Date; advance: (ms: number) => void } {
  let time = Date.parse(start);
  return { now: () => new Date(time), advance: (ms) => void (time += ms) };
}
