import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BooksHistory,
  minorOf,
  minorOfNumber,
  oracleAdjustments,
  oracleAging,
  oracleBridge,
  oracleBridgeAt,
  oracleYear,
  type OracleBridge,
} from '../../../test-support/books-oracle';
import { tempFolder } from '../../../test-support/cache-kit';
import { runCliInMemory } from '../../../test-support/cli-kit';
import { SOFFICE, recalculatedSheet } from '../../../test-support/libreoffice';
import type { BridgeRow } from '../../shared/bridge';
import type { Adjustment } from '../../shared/closed-month';
import type { AgingRow } from '../../shared/payouts';
import { CHANGE_FIELD_LABELS } from '../../shared/sale-changes';
import type { YearRow } from '../../shared/year-summary';
import { CACHE_FILE_NAME } from '../../cli/data-dir';
import { openCache, type SalesCache } from '../cache';
import { exportFromCache, writeYearWorkbookTo } from '../export';
import { fiscalYear, readYearSummary } from '../fiscal-year';
import { readAging } from '../payouts';
import { closeMonth, createBooksReader } from '.';

const ACCOUNT = 'demo';
const END = new Date('2026-11-05T12:00:00.000Z');
const AS_OF = '2026-11-05';
const START_6_APRIL = { month: 4, day: 6 };

const history = new BooksHistory();
let folder: ReturnType<typeof tempFolder>;
let dataDir: string;
let cache: SalesCache;

/** Feeds the cache the script step by step, as syncs would: sales stored, days fetched again, months closed. */
beforeAll(() => {
  folder = tempFolder('books-oracle');
  dataDir = join(folder.dir, 'data');
  mkdirSync(dataDir, { recursive: true });
  let now = history.steps[0]?.at ?? END;
  cache = openCache({ path: join(dataDir, CACHE_FILE_NAME), now: () => now }).cache;
  const later = (at: Date, ms: number) => new Date(at.getTime() + ms);
  for (const step of history.steps) {
    now = later(step.at, 5 * 60_000);
    if (step.store.length > 0) cache.storePage(ACCOUNT, step.store, step.at);
    for (const fetch of step.fetches) {
      const complete = {
        from: fetch.day,
        to: fetch.day,
        reported: new Set(fetch.reported),
        fetchStarted: later(step.at, 1_000),
      };
      cache.markNoLongerReported(ACCOUNT, complete, later(step.at, 2_000));
    }
    for (const month of step.reopen) cache.reopenMonth(ACCOUNT, month, later(step.at, 30_000));
    for (const month of step.close) {
      const closed = closeMonth(cache, ACCOUNT, month, later(step.at, 60_000));
      history.closedAt(month, closed.closedAt);
    }
  }
  now = END;
});
afterAll(() => {
  cache.close();
  folder.remove();
});

const LINES = ['opening', 'earned', 'reductions', 'received', 'closing'] as const;

/** The app's bridge rows as the oracle's shape, rows of all zeros left out. */
function bridgeOf(rows: readonly Pick<BridgeRow, 'currency' | (typeof LINES)[number]>[]): Map<string, OracleBridge> {
  const out = new Map<string, OracleBridge>();
  for (const row of rows) {
    const entry = Object.fromEntries(
      LINES.map((line) => [line, minorOf(row[line], row.currency)]),
    ) as unknown as OracleBridge;
    if (Object.values(entry).some((value) => value !== 0n)) out.set(row.currency, entry);
  }
  return out;
}

/** Eighteen months, two quarters and two years, as `from`..`to`. */
const PERIODS = [
  ...Array.from({ length: 18 }, (_, i) => {
    const first = new Date(Date.UTC(2025, 4 + i, 1));
    const last = new Date(Date.UTC(2025, 5 + i, 0));
    return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
  }),
  { from: '2025-10-01', to: '2025-12-31' },
  { from: '2026-04-01', to: '2026-06-30' },
  { from: '2025-01-01', to: '2025-12-31' },
  { from: '2026-01-01', to: '2026-12-31' },
];

function agingOf(rows: readonly AgingRow[]): Map<string, { owed: bigint; pending: bigint }> {
  const out = new Map<string, { owed: bigint; pending: bigint }>();
  for (const row of rows) {
    const owed = minorOf(row.owed, row.currency);
    const pending = minorOf(row.pending, row.currency);
    if (owed !== 0n || pending !== 0n) out.set(`${row.currency}|${row.bucket}`, { owed, pending });
  }
  return out;
}

function yearOf(rows: readonly YearRow[]): Map<string, { cash: bigint; accrual: bigint }> {
  const out = new Map<string, { cash: bigint; accrual: bigint }>();
  for (const row of rows) {
    const cash = minorOf(row.cash, row.currency);
    const accrual = minorOf(row.accrual, row.currency);
    expect(minorOf(row.difference, row.currency)).toBe(accrual - cash);
    if (cash !== 0n || accrual !== 0n) out.set(`${row.currency}|${row.month}`, { cash, accrual });
  }
  return out;
}

/** The app's adjustments in the oracle's words: amounts' before and after are left to the effect. */
function adjustmentsOf(adjustments: readonly Adjustment[]): string[] {
  return adjustments
    .map((adjustment) => {
      const words =
        adjustment.field === 'commissionAmount' ? ['', ''] : [adjustment.before ?? '', adjustment.after ?? ''];
      const effects = adjustment.effect.map((part) => `${part.currency}:${minorOf(part.commission, part.currency)}`);
      return [adjustment.month, adjustment.reference, adjustment.field, ...words, effects.join(',')].join('|');
    })
    .sort();
}

async function cliJson<T>(...args: string[]): Promise<T> {
  const run = await runCliInMemory([...args, '--account', ACCOUNT, '--json', '--data-dir', dataDir]);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

describe('B6: the books against an independent oracle over eighteen months', () => {
  it('B6: the script is long and adversarial: closes, a reopen, declines, restated amounts, sales gone and back, JPY and KWD', () => {
    const fields = new Set(history.changes.map((change) => change.field));
    expect([...fields].sort()).toEqual([
      'commissionAmount',
      'commissionStatus',
      'paymentDate',
      'paymentStatus',
      'reported',
    ]);
    expect(history.changes.some((change) => change.field === 'reported' && change.after === 'reported')).toBe(true);
    expect(history.records.size).toBeGreaterThan(250);
    expect([...history.closes.keys()].sort()).toEqual([
      '2025-06',
      '2025-09',
      '2025-12',
      '2026-03',
      '2026-06',
      '2026-09',
    ]);
    expect(oracleAdjustments(history).length).toBeGreaterThan(20);
  });

  it('B6: every bridge line of every month, two quarters and two years equals the oracle in the app and on the CLI', async () => {
    const books = createBooksReader(
      () => cache,
      () => ACCOUNT,
      () => END,
    );
    for (const period of PERIODS) {
      const expected = oracleBridge(history, period.from, period.to);
      expect(bridgeOf(books.bridge(period)), `${period.from}..${period.to}`).toEqual(expected);
      const printed = await cliJson<BridgeRow[]>('bridge', '--from', period.from, '--to', period.to);
      expect(bridgeOf(printed), `CLI ${period.from}..${period.to}`).toEqual(expected);
      for (const row of printed) {
        const [opening, earned, reductions, received, closing] = LINES.map((line) => minorOf(row[line], row.currency));
        expect((opening as bigint) + (earned as bigint) - (reductions as bigint) - (received as bigint)).toBe(closing);
      }
    }
  });

  it('B6: as of each close, the bridge of the month closed and of the month before equal the oracle over the records of then (B1)', () => {
    const books = createBooksReader(
      () => cache,
      () => ACCOUNT,
      () => END,
    );
    for (const close of history.closes.values()) {
      const [year, month] = close.month.split('-').map(Number) as [number, number];
      for (const offset of [0, -1]) {
        const first = new Date(Date.UTC(year, month - 1 + offset, 1));
        const last = new Date(Date.UTC(year, month + offset, 0));
        const period = { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
        expect(bridgeOf(books.bridge({ ...period, asOf: close.at })), `${period.from} as of ${close.at}`).toEqual(
          oracleBridgeAt(close, period.from, period.to),
        );
      }
    }
  });

  it('B6: aging, the fiscal year from 6 April and the adjustments equal the oracle in the app and on the CLI', async () => {
    expect(agingOf(readAging(cache, ACCOUNT, AS_OF))).toEqual(oracleAging(history, AS_OF));
    expect(agingOf(await cliJson<AgingRow[]>('aging', '--as-of', AS_OF))).toEqual(oracleAging(history, AS_OF));

    const year = fiscalYear(2025, START_6_APRIL);
    expect(yearOf(readYearSummary(cache, ACCOUNT, year))).toEqual(oracleYear(history, 2025));
    expect(yearOf(await cliJson<YearRow[]>('year', '--year', '2025', '--start', '04-06'))).toEqual(
      oracleYear(history, 2025),
    );

    const books = createBooksReader(
      () => cache,
      () => ACCOUNT,
      () => END,
    );
    expect(adjustmentsOf(books.adjustments())).toEqual(oracleAdjustments(history));
    expect(adjustmentsOf(await cliJson<Adjustment[]>('adjustments'))).toEqual(oracleAdjustments(history));
  });

  it.skipIf(!SOFFICE)(
    'B6: the files read back through LibreOffice hold the same figures: Bridge and Adjustments since close, Cash and Accrual',
    async () => {
      const october = { from: '2025-10-01', to: '2025-10-31' };
      const exported = await exportFromCache({
        cache,
        account: ACCOUNT,
        accountLabel: 'Oracle',
        baseUrl: 'https://oracle.example',
        request: { filter: october, format: 'xlsx', preset: 'payments' },
        targetPath: join(folder.dir, 'october.xlsx'),
        appVersion: 'test',
        now: () => END,
      });
      const bridge = recalculatedSheet(exported.filePath, 3, join(folder.dir, 'lo-bridge'));
      expect(bridge[0]?.[0]).toBe('Currency');
      const rows = bridge.slice(1).filter((cells) => /^[A-Z]{3}$/.test(cells[0] ?? ''));
      const read = rows.map((cells) => {
        const currency = cells[0] as string;
        const [opening, earned, reductions, received, closing] = cells
          .slice(3, 8)
          .map((text) => minorOfNumber(text, currency));
        expect(minorOfNumber(cells[8] as string, currency)).toBe(0n);
        return { currency, opening, earned, reductions, received, closing } as Record<string, unknown>;
      });
      const fromFile = new Map(
        read.map(({ currency, ...lines }) => [currency as string, lines as unknown as OracleBridge]),
      );
      for (const [currency, lines] of fromFile)
        if (Object.values(lines).every((value) => value === 0n)) fromFile.delete(currency);
      expect(fromFile).toEqual(oracleBridge(history, october.from, october.to));

      const labels = new Map(Object.entries(CHANGE_FIELD_LABELS).map(([field, label]) => [label, field]));
      const sheet = recalculatedSheet(exported.filePath, 4, join(folder.dir, 'lo-adjustments'));
      // The columns the oracle reads: closed month, sale, what changed, before, after, currency, effect.
      expect([sheet[0]?.[0], sheet[0]?.[5], sheet[0]?.[6]]).toEqual([
        'Closed month',
        'Currency',
        'Effect on commission',
      ]);
      const byChange = new Map<string, string[]>();
      sheet.slice(1).forEach((cells, index) => {
        if (!/^\d{4}-\d{2}$/.test(cells[0] ?? '')) return;
        const field = labels.get(cells[2] as string) as string;
        const words = field === 'commissionAmount' ? ['', ''] : [cells[3], cells[4]];
        const effect = cells[5] === '' ? '' : `${cells[5]}:${minorOfNumber(cells[6] as string, cells[5] as string)}`;
        // One line per currency of one adjustment; these scripted adjustments each move one currency at most.
        byChange.set(`${index}`, [cells[0] as string, cells[1] as string, field, ...(words as string[]), effect]);
      });
      expect([...byChange.values()].map((parts) => parts.join('|')).sort()).toEqual(oracleAdjustments(history));

      const year = fiscalYear(2025, START_6_APRIL);
      const yearFile = join(folder.dir, 'year.xlsx');
      await writeYearWorkbookTo(year, readYearSummary(cache, ACCOUNT, year), yearFile);
      const expected = oracleYear(history, 2025);
      for (const [index, key] of [
        [1, 'cash'],
        [2, 'accrual'],
      ] as const) {
        const totals = recalculatedSheet(yearFile, index, join(folder.dir, `lo-${key}`))
          .filter((cells) => cells[1] === 'Year')
          .map((cells) => [cells[0] as string, minorOfNumber(cells[4] as string, cells[0] as string)] as const);
        const want = [...expected]
          .filter(([label, entry]) => label.endsWith('|total') && (entry.cash !== 0n || entry.accrual !== 0n))
          .map(([label, entry]) => [label.split('|')[0] as string, entry[key]] as const);
        expect(new Map(totals)).toEqual(new Map(want));
      }
    },
    240_000,
  );
});
