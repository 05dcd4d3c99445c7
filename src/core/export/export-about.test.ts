import { describe, expect, it } from 'vitest';
import type { CoverageReport } from '../cache';
import { aboutEntries, type AboutFacts } from './export-about';

const FACTS: AboutFacts = {
  accountLabel: 'Shop',
  baseUrl: 'https://service.example',
  preset: undefined,
  filter: { from: '2026-03-01', to: '2026-03-31' },
  sort: { column: 'transactionDate', direction: 'asc' },
  columns: ['reference'],
  rowCount: 10,
  dataAsOf: null,
  lastSyncedAt: null,
  appVersion: '1.0.0',
  generatedAt: new Date('2026-04-01T00:00:00Z'),
  linksNote: null,
};

function dataAsOfLine(dataAsOf: CoverageReport): string {
  return String(aboutEntries({ ...FACTS, dataAsOf }).find(([label]) => label === 'Data as of')?.[1]);
}

describe('the About sheet on completeness', () => {
  it('T8: a day with a record that could not be stored is named with the count and the reason, not called complete or never synced', () => {
    const line = dataAsOfLine({
      complete: false,
      asOf: '2026-03-31T10:00:00Z',
      missing: [{ from: '2026-03-04', to: '2026-03-04' }],
      unstored: [
        {
          from: '2026-03-04',
          to: '2026-03-04',
          count: 1,
          reasons: ['The record has no usable reference (none was sent); it was not stored.'],
        },
      ],
    });
    expect(line).toBe(
      'INCOMPLETE: 2026-03-04: 1 record the service sent could not be read (The record has no usable reference (none was sent); it was not stored.); this day is not complete. Sync again and export again; if records stay unreadable, ask the service about them.',
    );
  });

  it('T8: days never synced and days with unreadable records are told apart', () => {
    const line = dataAsOfLine({
      complete: false,
      asOf: null,
      missing: [
        { from: '2026-03-01', to: '2026-03-10' },
        { from: '2026-03-20', to: '2026-03-21' },
      ],
      unstored: [{ from: '2026-03-05', to: '2026-03-06', count: 3, reasons: [] }],
    });
    expect(line).toContain(
      'these days were never synced, so their sales are missing: 2026-03-01 to 2026-03-04; 2026-03-07 to 2026-03-10; 2026-03-20 to 2026-03-21.',
    );
    expect(line).toContain(
      '2026-03-05 to 2026-03-06: 3 records the service sent could not be read; these days are not complete.',
    );
  });

  it('a range every day of which was synced is complete', () => {
    expect(dataAsOfLine({ complete: true, asOf: '2026-03-31T10:00:00Z', missing: [] })).toBe(
      'Complete: every day of the range was synced; the oldest data was fetched at 2026-03-31T10:00:00Z.',
    );
  });
});
