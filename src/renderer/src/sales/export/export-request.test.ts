import { describe, expect, it } from 'vitest';
import { exportedMessage, exportRequestFor } from './export-request';

describe('exportRequestFor', () => {
  it('exports the shown filter, order and the visible columns an export can hold', () => {
    const request = exportRequestFor(
      { from: '2026-01-01', to: '2026-01-31', currencies: ['EUR'] },
      { column: 'commissionAmount', direction: 'desc' },
      ['reference', 'extra', 'commissionAmount', 'transactionDate'],
      'xlsx',
    );
    expect(request).toEqual({
      filter: { from: '2026-01-01', to: '2026-01-31', currencies: ['EUR'] },
      sort: { column: 'commissionAmount', direction: 'desc' },
      format: 'xlsx',
      columns: ['reference', 'commissionAmount', 'transactionDate'],
    });
  });

  it('leaves the columns to the defaults when none shown can be exported', () => {
    expect(exportRequestFor({}, { column: 'reference', direction: 'asc' }, ['extra'], 'csv')).toEqual({
      filter: {},
      sort: { column: 'reference', direction: 'asc' },
      format: 'csv',
    });
  });
});

describe('exportedMessage', () => {
  const path = '/home/ana/Documents/Commission Desk/sales 2025-01.xlsx';

  it('names the count and the file, never its folder', () => {
    expect(exportedMessage({ filePath: path, format: 'xlsx', rowCount: 60, dataAsOf: null }, path, 'en-US')).toBe(
      'Exported 60 sales to sales 2025-01.xlsx',
    );
    expect(
      exportedMessage(
        { filePath: path, format: 'xlsx', rowCount: 1, dataAsOf: { complete: true, asOf: null, missing: [] } },
        path,
        'en-US',
      ),
    ).toBe('Exported 1 sale to sales 2025-01.xlsx');
  });

  it('admits days that were not synced', () => {
    const result = {
      filePath: path,
      format: 'csv' as const,
      rowCount: 2,
      dataAsOf: { complete: false, asOf: null, missing: [{ from: '2025-01-30', to: '2025-01-31' }] },
    };
    expect(exportedMessage(result, path, 'en-US')).toContain('not synced yet');
  });

  it('names the file of a Windows path too', () => {
    const windows = 'C:\\Users\\ana\\AppData\\Local\\Temp\\sales.csv';
    const result = { filePath: windows, format: 'csv' as const, rowCount: 3, dataAsOf: null };
    expect(exportedMessage(result, windows, 'en-US')).toBe('Exported 3 sales to sales.csv');
  });
});
