import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, isDatePreset, monthsBefore, presetRange } from './date-presets';

describe('presetRange', () => {
  it('counts "last N days" as the N days ending today, today included', () => {
    expect(presetRange('last7', '2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presetRange('last30', '2026-11-22')).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(presetRange('last90', '2026-11-22')).toEqual({ from: '2026-08-25', to: '2026-11-22' });
  });

  it('crosses month and year ends for "last N days"', () => {
    expect(presetRange('last7', '2026-01-03')).toEqual({ from: '2025-12-28', to: '2026-01-03' });
    expect(presetRange('last30', '2024-03-01')).toEqual({ from: '2024-02-01', to: '2024-03-01' });
    expect(presetRange('last30', '2025-03-01')).toEqual({ from: '2025-01-31', to: '2025-03-01' });
  });

  it('starts "this month" on the 1st and ends today', () => {
    expect(presetRange('thisMonth', '2026-11-22')).toEqual({ from: '2026-11-01', to: '2026-11-22' });
    expect(presetRange('thisMonth', '2026-11-01')).toEqual({ from: '2026-11-01', to: '2026-11-01' });
  });

  it('covers the whole previous month, across a year end and in leap and common Februaries', () => {
    expect(presetRange('lastMonth', '2026-11-22')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetRange('lastMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('lastMonth', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('lastMonth', '2025-03-01')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(presetRange('lastMonth', '2026-05-31')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
  });

  it('starts "this quarter" on the first day of its quarter', () => {
    expect(presetRange('thisQuarter', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    expect(presetRange('thisQuarter', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(presetRange('thisQuarter', '2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(presetRange('thisQuarter', '2026-06-30')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(presetRange('thisQuarter', '2026-08-15')).toEqual({ from: '2026-07-01', to: '2026-08-15' });
    expect(presetRange('thisQuarter', '2026-11-22')).toEqual({ from: '2026-10-01', to: '2026-11-22' });
    expect(presetRange('thisQuarter', '2026-12-31')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });

  it('starts "this year" on 1 January', () => {
    expect(presetRange('thisYear', '2026-11-22')).toEqual({ from: '2026-01-01', to: '2026-11-22' });
    expect(presetRange('thisYear', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    expect(presetRange('thisYear', '2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('gives no days for "all" and "custom"', () => {
    expect(presetRange('all', '2026-11-22')).toBeNull();
    expect(presetRange('custom', '2026-11-22')).toBeNull();
  });

  it('never ends after today and never starts after its end', () => {
    for (const today of ['2024-02-29', '2025-12-31', '2026-01-01', '2026-07-01']) {
      for (const preset of DATE_PRESETS) {
        const range = presetRange(preset, today);
        if (range === null) continue;
        expect(range.to <= today).toBe(true);
        expect(range.from <= range.to).toBe(true);
      }
    }
  });

  it('refuses a today that is not a day', () => {
    expect(() => presetRange('last7', '2026-02-30')).toThrow(RangeError);
  });
});

describe('isDatePreset', () => {
  it('accepts the presets only', () => {
    expect(isDatePreset('thisQuarter')).toBe(true);
    expect(isDatePreset('lastWeek')).toBe(false);
    expect(isDatePreset(7)).toBe(false);
  });
});

describe('monthsBefore', () => {
  it('goes back whole calendar months, clamping to shorter months', () => {
    expect(monthsBefore('2026-11-22', 24)).toBe('2024-11-22');
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2026-01-15', 13)).toBe('2024-12-15');
    expect(monthsBefore('2024-02-29', 24)).toBe('2022-02-28');
  });
});
