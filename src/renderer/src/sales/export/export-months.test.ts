import { describe, expect, it } from 'vitest';
import { previousMonth, recentMonths } from './export-months';

describe('recentMonths', () => {
  it('lists this month and the ones before, newest first, across a year end', () => {
    expect(recentMonths('2026-01-15', 2, 'en-US')).toEqual([
      { value: '2026-01', label: 'January 2026' },
      { value: '2025-12', label: 'December 2025' },
      { value: '2025-11', label: 'November 2025' },
    ]);
    expect(recentMonths('2026-11-22', 24)).toHaveLength(25);
  });

  it('picks the previous month as the default', () => {
    expect(previousMonth('2026-11-22')).toBe('2026-10');
    expect(previousMonth('2026-01-01')).toBe('2025-12');
  });
});
