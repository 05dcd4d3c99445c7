import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyExportPreset, monthRange } from '../../shared/export-presets';
import type { ExportProgress } from '../../shared/ipc-contract';
import { tempFolder } from '../../../test-support/cache-kit';
import type { AppCore } from '../app';
import { createTestCore } from '../../../test-support/app-core-kit';
import { createMemorySettingsStore } from '../settings';
import type { ExportPathOptions } from './app-exporter';
import { proposedExportName } from './export-file-name';

const TODAY = '2026-06-30';
let folder: ReturnType<typeof tempFolder>;
let asked: { name: string; options: ExportPathOptions | undefined }[];
let answer: (name: string) => string | null;
let core: AppCore;

beforeEach(async () => {
  folder = tempFolder('app-export');
  asked = [];
  answer = (name) => join(folder.dir, name);
  ({ core } = createTestCore({
    today: () => TODAY,
    settings: createMemorySettingsStore(),
    chooseExportPath: async (name, options) => {
      asked.push({ name, options });
      return answer(name);
    },
  }));
  core.session.startDemo();
  core.sync.start({ from: '2025-01-01', to: TODAY });
  await core.sync.idle();
});
afterEach(async () => {
  await core.close();
  folder.remove();
});

describe('exporting from the app', () => {
  it('proposes a name with the account, report and period, and opens the dialog in the last folder used', async () => {
    const first = await core.export.exportSales({
      filter: { from: '2026-01-01', to: '2026-01-31' },
      format: 'xlsx',
      preset: 'payments',
    });
    expect(asked[0]).toEqual({
      name: 'commission-desk-demo-data-payments-received-2026-01.xlsx',
      options: { defaultFolder: null, format: 'xlsx' },
    });
    expect(first.filePath).toBe(join(folder.dir, 'commission-desk-demo-data-payments-received-2026-01.xlsx'));
    const elsewhere = join(folder.dir, 'month-end');
    mkdirSync(elsewhere);
    answer = (name) => join(elsewhere, name.replace(/\.csv$/, ''));
    const second = await core.export.exportSales({ filter: { from: '2026-01-01', to: '2026-02-15' }, format: 'csv' });
    expect(asked[1]?.options).toEqual({ defaultFolder: folder.dir, format: 'csv' });
    expect(second.filePath).toBe(join(elsewhere, 'commission-desk-demo-data-sales-2026-01-01-to-2026-02-15.csv'));
    await core.export.exportSales({ filter: {}, format: 'csv' });
    expect(asked[2]).toEqual({
      name: 'commission-desk-demo-data-sales-all-dates.csv',
      options: { defaultFolder: elsewhere, format: 'csv' },
    });
  });

  it('reports progress while writing, and one export at a time', async () => {
    const seen: ExportProgress[] = [];
    const running = core.export.exportSales({ filter: { from: '2025-01-01', to: TODAY }, format: 'xlsx' });
    const poll = setInterval(() => seen.push(core.export.progress()), 1);
    await expect(core.export.exportSales({ filter: {}, format: 'csv' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringContaining('already running'),
    });
    const result = await running;
    clearInterval(poll);
    expect(
      seen.some(
        (p) => p.state === 'running' && p.fileName === 'commission-desk-demo-data-sales-2025-01-01-to-2026-06-30.xlsx',
      ),
    ).toBe(true);
    expect(core.export.progress()).toMatchObject({
      state: 'completed',
      rowsWritten: result.rowCount,
      totalRows: result.rowCount,
      phase: null,
    });
    expect(result.rowCount).toBeGreaterThan(500);
  });

  it('E3: cancel stops the export; nothing is left in the folder and the next export runs', async () => {
    const running = core.export.exportSales({ filter: { from: '2025-01-01', to: TODAY }, format: 'xlsx' });
    await new Promise((resolve) => setImmediate(resolve));
    core.export.cancel();
    await expect(running).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(core.export.progress().state).toBe('cancelled');
    expect(readdirSync(folder.dir)).toEqual([]);
    const next = await core.export.exportSales({ filter: { from: '2026-06-01', to: TODAY }, format: 'csv' });
    expect(next.rowCount).toBeGreaterThan(0);
  });

  it('refuses an export request from the renderer that breaks the contract', async () => {
    const { IPC_CONTRACT } = await import('../../shared/ipc-contract');
    const schema = IPC_CONTRACT.exportSales.input;
    expect(schema.safeParse({ filter: {}, format: 'xlsx', preset: 'earned' }).success).toBe(false);
    expect(schema.safeParse({ filter: {}, format: 'pdf' }).success).toBe(false);
    expect(schema.safeParse({ filter: {}, format: 'csv', columns: ['reference', 'reference'] }).success).toBe(false);
    expect(schema.safeParse({ filter: {}, format: 'csv', columns: ['password'] }).success).toBe(false);
    expect(
      schema.safeParse({
        filter: { from: '2026-01-01', to: '2026-01-31' },
        format: 'csv',
        preset: 'earned',
        sort: { column: 'reference', direction: 'asc' },
      }).success,
    ).toBe(true);
  });
});

describe('presets and names', () => {
  it('a preset replaces the basis and the statuses, and keeps the range and other filters', () => {
    const filter = {
      from: '2026-01-01',
      to: '2026-01-31',
      currencies: ['EUR'],
      commissionStatuses: ['pending' as const],
    };
    expect(applyExportPreset('earned', filter)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      currencies: ['EUR'],
      dateBasis: 'transaction',
      commissionStatuses: ['approved'],
    });
    expect(applyExportPreset('payments', filter)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      currencies: ['EUR'],
      dateBasis: 'payment',
      paymentStatuses: ['paid'],
    });
    expect(applyExportPreset('all', filter)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      currencies: ['EUR'],
      dateBasis: 'transaction',
    });
  });

  it('months know their length, leap years included', () => {
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthRange('2026-13')).toBeNull();
  });

  it('file names keep letters of any script and drop what a file system refuses', () => {
    expect(
      proposedExportName('Café Ünïcode / Shop: "main"', {
        filter: { from: '2026-03-05', to: '2026-03-05' },
        format: 'csv',
        preset: undefined,
      }),
    ).toBe('commission-desk-café-ünïcode-shop-main-sales-2026-03-05.csv');
    expect(proposedExportName('***', { filter: { from: '2026-01-01' }, format: 'xlsx', preset: 'earned' })).toBe(
      'commission-desk-account-commission-earned-from-2026-01-01.xlsx',
    );
  });
});
