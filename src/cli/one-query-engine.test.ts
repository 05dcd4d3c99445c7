import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type SalesCache } from '../core/cache';
import { createRandom, type Random } from '../core/demo';
import { exportFromCache } from '../core/export';
import { createConfSettingsStore, PreferencesStore } from '../core/settings';
import type { Sale } from '../shared/domain';
import { EXPORT_COLUMN_LABELS } from '../shared/export-columns';
import { SALE_SORT_COLUMNS, type SalesFilter, type SalesSort } from '../shared/sales-query';
import { pages, sampleSales, tempFolder, testClock } from '../../test-support/cache-kit';
import { runCliInMemory } from '../../test-support/cli-kit';
import { parseCsv } from '../../test-support/export-kit';
import { CACHE_FILE_NAME } from './data-dir';

const ACCOUNT = 'demo';
const QUERIES = 500;
/**
 * The command runs every this many queries: each run opens the settings and the cache and builds the browse index
 * afresh, several times the cost of an export, and the queries it runs are a random sample of all the kinds.
 */
const CLI_EVERY = 5;
const clock = testClock('2026-07-01T08:00:00.000Z');
/** Generated sales, plus a few with the fields a filter can ask to be missing left empty, and an odd status. */
const GENERATED = sampleSales({ count: 2_500, days: 300, seed: 32 });
const BASE = GENERATED[0] as Sale;
const ODD: Sale[] = Array.from({ length: 12 }, (_, i) => ({
  ...BASE,
  reference: `ODD-${i}-Ünïcode`,
  subid: null,
  category: i % 2 === 0 ? null : 'bundle',
  productSlug: null,
  productName: null,
  collectionSlug: i % 3 === 0 ? null : BASE.collectionSlug,
  collectionName: i % 3 === 0 ? null : BASE.collectionName,
  collectionUrl: null,
  paymentStatus: null,
  paymentDate: null,
  commissionStatus: i % 4 === 0 ? 'on-hold' : BASE.commissionStatus,
  transactionAmount: null,
  transactionDate: `2026-0${(i % 6) + 1}-1${i % 10}`,
}));
const ALL = [...GENERATED, ...ODD];

let folder: ReturnType<typeof tempFolder>;
let dataDir: string;
let cache: SalesCache;
let preferences: PreferencesStore;

/** Some of `values`, at least one. */
function some<T>(random: Random, values: readonly T[], most: number): T[] {
  const picked = new Set<T>();
  const wanted = random.int(1, most);
  while (picked.size < wanted) picked.add(random.pick(values));
  return [...picked];
}

const distinct = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** A word of a sale's reference, product, collection or sub-ID, sometimes cut short, sometimes in capitals. */
function searchWord(random: Random): string {
  const sale = random.pick(ALL);
  const field = random.pick(
    [sale.reference, sale.productName, sale.collectionName, sale.subid].filter((f): f is string => f !== null),
  );
  const words = field.split(/[^\p{L}\p{N}_-]+/u).filter((w) => w.length > 0);
  const word = random.pick(words.length > 0 ? words : ['zzz']);
  const cut = word.slice(random.int(0, Math.min(2, word.length - 1)), random.int(2, word.length + 1));
  return random.chance(0.3) ? cut.toUpperCase() : cut;
}

/** A query over every field of the filter and every sort, each field present about half the time or less. */
function randomQuery(random: Random): { filter: SalesFilter; sort: SalesSort } {
  const filter: SalesFilter = {};
  const day = (): string => `2025-${String(random.int(9, 12)).padStart(2, '0')}-${String(random.int(10, 28))}`;
  const later = (): string => `2026-${String(random.int(1, 6)).padStart(2, '0')}-${String(random.int(10, 28))}`;
  if (random.chance(0.5)) filter.from = day();
  if (random.chance(0.5)) filter.to = later();
  if (random.chance(0.4)) filter.dateBasis = random.pick(['transaction', 'payment'] as const);
  if (random.chance(0.3))
    filter.commissionStatuses = some(random, distinct(ALL.map((s) => s.commissionStatus ?? 'pending')), 2);
  if (random.chance(0.3)) filter.paymentStatuses = some(random, ['paid', 'pending', 'none'], 2);
  if (random.chance(0.25)) filter.subids = some(random, distinct(ALL.map((s) => s.subid)), 3);
  if (random.chance(0.25)) filter.categories = some(random, distinct(ALL.map((s) => s.category)), 2);
  if (random.chance(0.25)) filter.currencies = some(random, distinct(ALL.map((s) => s.currency)), 2);
  if (random.chance(0.2)) filter.collections = some(random, distinct(ALL.map((s) => s.collectionSlug)), 3);
  if (random.chance(0.2)) filter.products = some(random, distinct(ALL.map((s) => s.productSlug)), 4);
  if (random.chance(0.35)) filter.text = Array.from({ length: random.int(1, 2) }, () => searchWord(random)).join(' ');
  if (random.chance(0.3)) filter.includeNoLongerReported = random.chance(0.5);
  return { filter, sort: { column: random.pick(SALE_SORT_COLUMNS), direction: random.pick(['asc', 'desc'] as const) } };
}

/** The references of a CSV export, in the file's order. */
function csvReferences(path: string): string[] {
  const [header = [], ...rows] = parseCsv(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  const at = header.indexOf(EXPORT_COLUMN_LABELS.reference);
  expect(at).toBeGreaterThanOrEqual(0);
  return rows.map((row) => row[at] ?? '');
}

/** The sales screen: every page of the table, in order. */
function screen(filter: SalesFilter, sort: SalesSort): string[] {
  const references: string[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = cache.salesPage(ACCOUNT, { filter, sort, offset, limit: 1000 });
    references.push(...page.rows.map((row) => row.reference));
    if (offset + 1000 >= page.total) return references;
  }
}

/** The app's export writer, as the export dialog runs it. */
async function appExport(filter: SalesFilter, sort: SalesSort, path: string): Promise<string[]> {
  const request = { filter, sort, format: 'csv' as const };
  await exportFromCache({
    cache,
    account: ACCOUNT,
    accountLabel: 'Demo data',
    baseUrl: 'https://demo.invalid',
    request,
    targetPath: path,
    appVersion: '0.0.0-test',
  });
  return csvReferences(path);
}

/** The headless command exporting the query saved as a view on the sales screen. */
async function cliExport(filter: SalesFilter, sort: SalesSort, path: string): Promise<string[]> {
  const view = { id: randomUUID(), name: 'Query under test', filter, sort };
  preferences.update({ account: { id: ACCOUNT, values: { views: [view] } } });
  const run = await runCliInMemory([
    'export',
    '--account',
    ACCOUNT,
    '--view',
    view.name,
    '--out',
    path,
    '--force',
    '--quiet',
    '--data-dir',
    dataDir,
  ]);
  expect(run.stderr.replace(/^Warning: .*\n/gm, '')).toBe('');
  expect(run.code).toBe(0);
  return csvReferences(path);
}

beforeAll(() => {
  folder = tempFolder('one-query-engine');
  dataDir = join(folder.dir, 'data');
  mkdirSync(dataDir, { recursive: true });
  cache = openCache({ path: join(dataDir, CACHE_FILE_NAME), now: clock.now }).cache;
  // Stored over several days, some sales again with a new status: first-seen and last-changed times differ.
  for (const page of pages(ALL, 300)) {
    cache.storePage(ACCOUNT, page, clock.now());
    clock.advance(86_400_000);
  }
  const changed = GENERATED.filter((_, i) => i % 17 === 0).map((sale) => ({
    ...sale,
    commissionStatus: 'declined' as const,
  }));
  cache.storePage(ACCOUNT, changed, clock.now());
  // A complete fetch of a month that no longer returned a few of its sales.
  const month = { from: '2026-02-01', to: '2026-02-28' };
  const reported = new Set(
    ALL.filter((s, i) => !(s.transactionDate >= month.from && s.transactionDate <= month.to && i % 5 === 0)).map(
      (s) => s.reference,
    ),
  );
  expect(
    cache.markNoLongerReported(ACCOUNT, { ...month, reported, fetchStarted: clock.now() }, clock.now()),
  ).toBeGreaterThan(5);
  preferences = new PreferencesStore(createConfSettingsStore(dataDir));
});
afterAll(() => {
  cache.close();
  folder.remove();
});

describe('one query engine', () => {
  it(`H1: the sales screen, the export and the command return the same references in the same order for ${QUERIES} random queries (the command every ${CLI_EVERY}th)`, async () => {
    const random = createRandom(32);
    const csv = join(folder.dir, 'export.csv');
    let rows = 0;
    let empty = 0;
    for (let i = 0; i < QUERIES; i++) {
      const { filter, sort } = randomQuery(random);
      const shown = screen(filter, sort);
      const what = JSON.stringify({ i, filter, sort });
      expect([what, await appExport(filter, sort, csv)]).toEqual([what, shown]);
      if (i % CLI_EVERY === 0) expect([what, await cliExport(filter, sort, csv)]).toEqual([what, shown]);
      rows += shown.length;
      if (shown.length === 0) empty++;
    }
    // The queries are neither all empty nor all everything.
    expect(empty).toBeLessThan(QUERIES / 2);
    expect(rows / QUERIES).toBeLessThan(ALL.length / 2);
  }, 300_000);

  it('export --view with a name no saved view has is a usage error that lists the views', async () => {
    preferences.update({
      account: {
        id: ACCOUNT,
        values: { views: [{ id: randomUUID(), name: 'Paid in March', filter: { paymentStatuses: ['paid'] } }] },
      },
    });
    const run = await runCliInMemory([
      'export',
      '--account',
      ACCOUNT,
      '--view',
      'Unpaid',
      '--out',
      join(folder.dir, 'x.csv'),
      '--data-dir',
      dataDir,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('has no saved view named "Unpaid". Its views: "Paid in March".');
  });
});
