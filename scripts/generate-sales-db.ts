/**
 * Builds a sales cache of N generated sales (default 1,000,000) for benchmarks and manual testing, ingesting them
 * through the cache's own page store exactly as a sync would, and prints how long each step took.
 *
 *   npx tsx scripts/generate-sales-db.ts --count 1000000 --out /tmp/sales.sqlite [--page 1000] [--seed 7]
 *       [--days 730] [--end 2026-06-30] [--account bench] [--force]
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { openCache } from '../src/core/cache';
import { generateSales, parseGeneratedPage } from '../src/core/demo';

interface Options {
  count: number;
  out: string;
  page: number;
  seed: number;
  days: number;
  end: string;
  account: string;
  force: boolean;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '1000000' },
      out: { type: 'string' },
      page: { type: 'string', default: '1000' },
      seed: { type: 'string', default: '7' },
      days: { type: 'string', default: '730' },
      end: { type: 'string', default: '2026-06-30' },
      account: { type: 'string', default: 'bench' },
      force: { type: 'boolean', default: false },
    },
  });
  if (values.out === undefined) throw new Error('Pass --out <file.sqlite>.');
  const number = (name: string, text: string): number => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number >= 1.`);
    return n;
  };
  return {
    count: number('count', values.count),
    out: values.out,
    page: number('page', values.page),
    seed: number('seed', values.seed),
    days: number('days', values.days),
    end: values.end,
    account: values.account,
    force: values.force,
  };
}

function prepareOut(out: string, force: boolean): void {
  if (!existsSync(out)) return;
  if (!force) throw new Error(`${out} exists; pass --force to replace it.`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(out + suffix, { force: true });
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(2);
}

function main(): void {
  const options = readOptions();
  prepareOut(options.out, options.force);
  let started = performance.now();
  const wire = generateSales({ seed: options.seed, count: options.count, endDay: options.end, days: options.days });
  console.log(`generated ${wire.length} wire records in ${seconds(started)} s`);
  const { cache } = openCache({ path: options.out });
  const fetchedAt = new Date();
  let parseMs = 0;
  started = performance.now();
  for (let i = 0; i < wire.length; i += options.page) {
    const parseStart = performance.now();
    const sales = parseGeneratedPage(wire.slice(i, i + options.page));
    parseMs += performance.now() - parseStart;
    cache.storePage(options.account, sales, fetchedAt);
  }
  const total = (performance.now() - started) / 1000;
  cache.markCovered(options.account, wire.length > 0 ? firstDay(options) : options.end, options.end, fetchedAt);
  cache.close();
  const ingest = total - parseMs / 1000;
  console.log(
    `stored ${wire.length} sales in pages of ${options.page}: ${total.toFixed(2)} s ` +
      `(parse ${(parseMs / 1000).toFixed(2)} s, store ${ingest.toFixed(2)} s, ${Math.round(wire.length / ingest)} sales/s)`,
  );
  console.log(`file ${options.out}: ${(statSync(options.out).size / 1e6).toFixed(1)} MB`);
}

function firstDay(options: Options): string {
  const end = new Date(`${options.end}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() - (options.days - 1));
  return end.toISOString().slice(0, 10);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
