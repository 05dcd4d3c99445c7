import { describe, expect, it } from 'vitest';
import type { ExportFreshness } from './export-freshness';
import { checkTimeText } from '../../shared/dates';
import { freshnessNotes, noLongerReportedLine, staleOpenSalesWarning, statusesCheckedLine } from './freshness-lines';

const base: ExportFreshness = {
  statusesCheckedAt: '2026-04-01T08:00:00.000Z',
  neverChecked: 0,
  staleOpenSales: null,
  noLongerReported: { included: false, count: 0 },
  paymentHistory: null,
};

describe('T3, T5: the sentences an export states about its statuses', () => {
  it('T3: a check time reads as UTC minutes; text that is not a time is shown as it is', () => {
    expect(checkTimeText('2026-04-01T08:00:59.999Z')).toBe('2026-04-01 08:00 UTC');
    expect(checkTimeText('soon')).toBe('soon');
  });

  it('T3: sales never confirmed are counted, never hidden behind the oldest time', () => {
    expect(statusesCheckedLine({ ...base, neverChecked: 2 })).toBe(
      'Statuses checked 2026-04-01 08:00 UTC (the oldest confirmation by the service among these sales); 2 sales were never confirmed.',
    );
    expect(statusesCheckedLine({ ...base, statusesCheckedAt: null, neverChecked: 1 })).toBe(
      'Statuses checked: never — the service never confirmed the statuses of the 1 sale in this file.',
    );
    expect(statusesCheckedLine({ ...base, statusesCheckedAt: null })).toBeNull();
  });

  it('T3: the stale warning names how many open sales and since when, including those never checked', () => {
    expect(staleOpenSalesWarning({ count: 1, oldestCheck: null, neverChecked: 1 })).toBe(
      'Warning: the statuses of 1 open sale was never checked; sync before relying on this export — payments that arrived since are missing from it.',
    );
    expect(staleOpenSalesWarning({ count: 1200, oldestCheck: '2026-03-01T10:00:00Z', neverChecked: 3 })).toBe(
      'Warning: the statuses of 1,200 open sales were last checked 2026-03-01 10:00 UTC (3 were never checked); sync before relying on this export — payments that arrived since are missing from it.',
    );
    expect(staleOpenSalesWarning(null)).toBeNull();
  });

  it('T5: sales no longer reported are stated whether included or left out', () => {
    expect(noLongerReportedLine(base)).toBeNull();
    expect(noLongerReportedLine({ ...base, noLongerReported: { included: false, count: 2 } }, '--flag')).toBe(
      '2 sales the service no longer reports are left out of this file and its totals; export again with --flag to see them.',
    );
    expect(noLongerReportedLine({ ...base, noLongerReported: { included: true, count: 0 } })).toBe(
      'Sales the service no longer reports were to be included; none match this export.',
    );
  });

  it('T3: the Summary states the warning first and in warning style', () => {
    const notes = freshnessNotes({
      ...base,
      staleOpenSales: { count: 2, oldestCheck: '2026-03-30T00:00:00Z', neverChecked: 0 },
    });
    expect(notes.map((n) => n.warning === true)).toEqual([true, false]);
    expect(notes[0]?.text).toMatch(/^Warning: the statuses of 2 open sales were last checked 2026-03-30 00:00 UTC;/);
  });
});
