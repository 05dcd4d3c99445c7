import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serviceDayToIso } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { demoDataset } from '../demo';
import type { AppCore } from './app-core';
import { createTestCore } from '../../../test-support/app-core-kit';

const TODAY = '2026-06-30';
let dir: string;
let core: AppCore;
let logLines: string[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'core-test-'));
  ({ core, logLines } = createTestCore({ today: () => TODAY, chooseExportPath: async (name) => join(dir, name) }));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function expectedReferences(start: string, end: string): string[] {
  return demoDataset(TODAY)
    .sales.filter((s) => {
      const day = serviceDayToIso(s.transaction_date) ?? '';
      return day >= start && day <= end;
    })
    .map((s) => s.reference);
}

describe('app core in demo mode', () => {
  it('asks the user to connect or explore before anything is fetched', async () => {
    expect(core.session.status()).toEqual({ kind: 'none', accounts: [] });
    await expect(core.profile.get()).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' } satisfies Partial<AppError>);
  });

  it('shows the demo profile, and after a sync a page of the cached sales', async () => {
    expect(core.session.startDemo()).toEqual({ kind: 'demo', label: 'Demo data', accounts: [] });
    const { profile, fromCache } = await core.profile.get();
    expect(fromCache).toBe(false);
    expect(profile.profileName).toBe(demoDataset(TODAY).profile.profile_name);
    core.sync.start({ from: '2026-01-01', to: '2026-03-31' });
    await core.sync.idle();
    const page = core.sales.page({
      filter: { from: '2026-01-01', to: '2026-03-31' },
      sort: { column: 'transactionDate', direction: 'asc' },
      offset: 0,
      limit: 50,
    });
    const expected = expectedReferences('2026-01-01', '2026-03-31');
    expect(page.total).toBe(expected.length);
    expect(page.rows).toHaveLength(Math.min(50, expected.length));
    expect(page.rows.every((row) => expected.includes(row.reference))).toBe(true);
    const days = page.rows.map((row) => row.transactionDate);
    expect(days).toEqual([...days].sort());
  });

  it('exports every cached sale of the range to an xlsx with real dates and numbers', async () => {
    core.session.startDemo();
    core.sync.start({ from: '2026-01-01', to: '2026-03-31' });
    await core.sync.idle();
    const result = await core.export.exportSales({ filter: { from: '2026-01-01', to: '2026-03-31' }, format: 'xlsx' });
    const expected = expectedReferences('2026-01-01', '2026-03-31');
    expect(result.rowCount).toBe(expected.length);
    expect(result.dataAsOf).toMatchObject({ complete: true });
    expect(result.filePath).toBe(join(dir, 'commission-desk-demo-data-sales-2026-01-01-to-2026-03-31.xlsx'));
    expect(await readdir(dir)).toEqual(['commission-desk-demo-data-sales-2026-01-01-to-2026-03-31.xlsx']);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(result.filePath ?? '');
    const sheet = workbook.getWorksheet('Sales');
    expect(sheet?.rowCount).toBe(expected.length + 1);
    const refs: string[] = [];
    sheet?.eachRow((row, n) => {
      if (n === 1) return;
      refs.push(String(row.getCell(2).value));
      expect(row.getCell(1).value).toBeInstanceOf(Date);
      expect(typeof row.getCell(9).value).toBe('number');
    });
    expect(refs).toEqual(expected);
  });

  it('writes nothing when the user cancels the save dialog', async () => {
    const { core: cancelling } = createTestCore({ today: () => TODAY, chooseExportPath: async () => null });
    cancelling.session.startDemo();
    expect(
      await cancelling.export.exportSales({ filter: { from: '2026-01-01', to: '2026-01-31' }, format: 'xlsx' }),
    ).toEqual({
      filePath: null,
      format: 'xlsx',
      rowCount: 0,
      dataAsOf: null,
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it('S7: leaving the demo forgets its credentials and logs never hold them', async () => {
    core.session.startDemo();
    const secret = core.session.secrets()[0] ?? '';
    await core.export.exportSales({ filter: { from: '2026-06-01', to: '2026-06-30' }, format: 'xlsx' });
    expect(logLines.join('\n')).not.toContain(secret);
    core.session.end();
    expect(core.session.secrets()).toEqual([]);
    expect(core.session.status()).toEqual({ kind: 'none', accounts: [] });
  });
});

describe('app core with the cache', () => {
  it('syncs the demo into the cache, then browses, sums and lists changes from the cache alone', async () => {
    core.session.startDemo();
    const started = core.sync.start({ from: '2025-01-01', to: TODAY });
    expect(started.running).toBe(true);
    await core.sync.idle();
    const status = core.sync.status();
    expect(status).toMatchObject({ running: false, error: null, offline: false, lastRun: { status: 'completed' } });
    expect(status.lastSyncedAt).not.toBeNull();
    const expected = expectedReferences('2025-01-01', TODAY);
    const page = core.sales.page({
      filter: { from: '2025-01-01', to: TODAY },
      sort: { column: 'transactionDate', direction: 'asc' },
      offset: 0,
      limit: 50,
    });
    expect(page.total).toBe(expected.length);
    // The finished run counts the sales it stored, whatever it fetched again on the way.
    expect(status.lastRun?.newSales).toBe(expected.length);
    expect(page.rows.map((r) => r.reference)).toEqual(expected.slice(0, 50));
    expect(page.dataAsOf).toMatchObject({ complete: true });
    const summary = core.sales.summary({ from: '2025-01-01', to: TODAY });
    expect(summary.byCurrency.reduce((n, t) => n + t.count, 0)).toBe(expected.length);
    expect(core.sales.changes({})).toEqual([]);
  });

  it('reports the cache problem instead of failing to start when the cache cannot be opened', () => {
    const { core: broken } = createTestCore({ cachePath: '/dev/null/commission-desk-cannot-write-here/cache.sqlite' });
    expect(broken.app.info().cache.error).not.toBeNull();
    broken.session.startDemo();
    expect(() =>
      broken.sales.page({ filter: {}, sort: { column: 'transactionDate', direction: 'desc' }, offset: 0, limit: 10 }),
    ).toThrow(AppError);
  });
});

describe('preferences and cache maintenance', () => {
  it('reports the cache size and clears it on request; the trailing window follows the preference', async () => {
    core.session.startDemo();
    core.preferences.update({ trailingResyncDays: 7 });
    core.sync.start({ from: '2026-05-01', to: TODAY });
    await core.sync.idle();
    const before = core.app.cacheInfo();
    expect(before.salesForAccount).toBeGreaterThan(0);
    expect(before.sizeBytes).toBeGreaterThan(0);
    const after = await core.app.clearCache();
    expect(after.salesForAccount).toBe(0);
    expect(core.sync.status().lastSyncedAt).toBeNull();
  });
});

describe('sync controls of the open session', () => {
  const FIRST = new Date('2026-06-30T08:00:00.000Z');
  const SECOND = new Date('2026-06-30T12:00:00.000Z');
  const THIRD = new Date('2026-06-30T16:00:00.000Z');

  function clockedCore(): { core: AppCore; setNow: (at: Date) => void } {
    let at = FIRST;
    const { core: clocked } = createTestCore({ today: () => TODAY, now: () => at });
    return { core: clocked, setNow: (next) => (at = next) };
  }

  it('T1: "Sync now" re-confirms every open sale however old, and leaves final sales as they were checked', async () => {
    const { core: app, setNow } = clockedCore();
    app.session.startDemo();
    app.preferences.update({ trailingResyncDays: 7 });
    app.sync.start({ from: '2025-01-01', to: TODAY });
    await app.sync.idle();
    expect(app.sales.statusAge({})).toMatchObject({
      oldest: FIRST.toISOString(),
      oldestOpen: FIRST.toISOString(),
      neverChecked: 0,
    });
    setNow(SECOND);
    app.sync.startRoutine();
    await app.sync.idle();
    expect(app.sync.status()).toMatchObject({ running: false, error: null, lastRun: { status: 'completed' } });
    const age = app.sales.statusAge({ from: '2025-01-01', to: '2026-05-31' });
    expect(age.oldestOpen).toBe(SECOND.toISOString());
    expect(age.oldest).toBe(FIRST.toISOString());
    await app.close();
  });

  it('T4: re-checking all history fetches every cached day again, from the oldest to today', async () => {
    const { core: app, setNow } = clockedCore();
    app.session.startDemo();
    app.sync.start({ from: '2025-03-01', to: '2025-06-30' });
    await app.sync.idle();
    setNow(THIRD);
    const started = app.sync.recheckAllHistory();
    expect(started.progress).toMatchObject({ from: '2025-03-01', to: TODAY });
    await app.sync.idle();
    expect(app.sync.status()).toMatchObject({
      error: null,
      lastRun: { status: 'completed', from: '2025-03-01', to: TODAY },
    });
    expect(app.sales.statusAge({ from: '2025-03-01', to: '2025-06-30' }).oldest).toBe(THIRD.toISOString());
    await app.close();
  });

  it('T4: re-checking all history with nothing cached says to sync first', () => {
    core.session.startDemo();
    expect(() => core.sync.recheckAllHistory()).toThrow(/Sync first/);
  });
});

describe('the start-up integrity check waits for the first screen (D2)', () => {
  it('starts once the first sales page is answered, not when the cache opens', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'core-check-'));
    const cachePath = join(folder, 'cache.sqlite');
    const first = createTestCore({ cachePath }).core;
    first.session.startDemo();
    first.sync.start({ from: '2026-01-01', to: '2026-03-31' });
    await first.sync.idle();
    await first.close();

    const { core: started, logLines } = createTestCore({ cachePath, integrityCheckWithinMs: 60_000 });
    started.session.startDemo();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(started.cache.integrity).toBe('checking');
    expect(logLines.some((line) => line.includes('cache.checked'))).toBe(false);
    expect(
      started.sales.page({ filter: {}, sort: { column: 'transactionDate', direction: 'desc' }, offset: 0, limit: 10 })
        .total,
    ).toBeGreaterThan(0);
    expect(await started.cache.checked).toBe('ok');
    expect(logLines.some((line) => line.includes('cache.checked') && line.includes('"ok"'))).toBe(true);
    await started.close();
    await rm(folder, { recursive: true, force: true });
  });
});
