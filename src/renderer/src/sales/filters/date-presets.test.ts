import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, isDatePreset, monthsBefore, presetChoices, presetFor, presetRange } from './date-presets';

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

  it("covers the whole previous quarter, the previous year's last quarter in January", () => {
    expect(presetRange('lastQuarter', '2026-01-01')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(presetRange('lastQuarter', '2026-01-31')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(presetRange('lastQuarter', '2026-03-31')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(presetRange('lastQuarter', '2026-04-01')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(presetRange('lastQuarter', '2024-05-10')).toEqual({ from: '2024-01-01', to: '2024-03-31' });
    expect(presetRange('lastQuarter', '2026-08-15')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(presetRange('lastQuarter', '2026-12-31')).toEqual({ from: '2026-07-01', to: '2026-09-30' });
  });

  it('covers the whole previous calendar year, leap years included', () => {
    expect(presetRange('lastYear', '2026-11-22')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(presetRange('lastYear', '2025-01-01')).toEqual({ from: '2024-01-01', to: '2024-12-31' });
  });

  it('starts the fiscal year on the 1st of the chosen month, in the year before when that month is still ahead', () => {
    // April: on 22 November 2026 the fiscal year began on 1 April 2026; on 15 January 2027 it still did.
    expect(presetRange('thisFiscalYear', '2026-11-22', 4)).toEqual({ from: '2026-04-01', to: '2026-11-22' });
    expect(presetRange('thisFiscalYear', '2027-01-15', 4)).toEqual({ from: '2026-04-01', to: '2027-01-15' });
    expect(presetRange('thisFiscalYear', '2027-03-31', 4)).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    expect(presetRange('thisFiscalYear', '2027-04-01', 4)).toEqual({ from: '2027-04-01', to: '2027-04-01' });
    // October and July, across the year boundary.
    expect(presetRange('thisFiscalYear', '2026-02-10', 10)).toEqual({ from: '2025-10-01', to: '2026-02-10' });
    expect(presetRange('thisFiscalYear', '2026-12-31', 7)).toEqual({ from: '2026-07-01', to: '2026-12-31' });
    // December: the fiscal year is mostly the next calendar year.
    expect(presetRange('thisFiscalYear', '2026-11-30', 12)).toEqual({ from: '2025-12-01', to: '2026-11-30' });
    expect(presetRange('thisFiscalYear', '2026-12-01', 12)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
  });

  it('covers the whole previous fiscal year, ending the day before this one began (29 February included)', () => {
    expect(presetRange('lastFiscalYear', '2026-11-22', 4)).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(presetRange('lastFiscalYear', '2027-01-15', 4)).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(presetRange('lastFiscalYear', '2026-02-10', 10)).toEqual({ from: '2024-10-01', to: '2025-09-30' });
    expect(presetRange('lastFiscalYear', '2024-06-01', 3)).toEqual({ from: '2023-03-01', to: '2024-02-29' });
    expect(presetRange('lastFiscalYear', '2026-12-01', 12)).toEqual({ from: '2025-12-01', to: '2026-11-30' });
  });

  it('makes the fiscal year the calendar year when it starts in January, the default', () => {
    for (const today of ['2026-01-01', '2026-06-15', '2026-12-31']) {
      expect(presetRange('thisFiscalYear', today)).toEqual(presetRange('thisYear', today));
      expect(presetRange('lastFiscalYear', today, 1)).toEqual(presetRange('lastYear', today));
    }
  });

  it('refuses a fiscal year starting in a month that is not 1-12', () => {
    for (const month of [0, 13, 4.5, Number.NaN])
      expect(() => presetRange('thisFiscalYear', '2026-06-15', month)).toThrow(RangeError);
  });

  it('gives no days for "all" and "custom"', () => {
    expect(presetRange('all', '2026-11-22')).toBeNull();
    expect(presetRange('custom', '2026-11-22')).toBeNull();
  });

  it('never ends after today and never starts after its end', () => {
    for (const today of ['2024-02-29', '2025-12-31', '2026-01-01', '2026-07-01']) {
      for (const month of [1, 2, 4, 7, 12]) {
        for (const preset of DATE_PRESETS) {
          const range = presetRange(preset, today, month);
          if (range === null) continue;
          expect(range.to <= today).toBe(true);
          expect(range.from <= range.to).toBe(true);
        }
      }
    }
  });

  it('refuses a today that is not a day', () => {
    expect(() => presetRange('last7', '2026-02-30')).toThrow(RangeError);
  });
});

describe('presetFor', () => {
  it('names the first preset whose days are exactly the range, taking the fiscal year into account', () => {
    expect(presetFor({ from: '2026-10-24', to: '2026-11-22' }, '2026-11-22')).toBe('last30');
    expect(presetFor({ from: '2026-07-01', to: '2026-09-30' }, '2026-11-22')).toBe('lastQuarter');
    expect(presetFor({ from: '2026-01-01', to: '2026-11-22' }, '2026-11-22')).toBe('thisYear');
    expect(presetFor({ from: '2026-04-01', to: '2026-11-22' }, '2026-11-22', 4)).toBe('thisFiscalYear');
    expect(presetFor({ from: '2026-04-01', to: '2026-11-22' }, '2026-11-22', 1)).toBeNull();
    expect(presetFor({ from: '2026-11-02', to: '2026-11-12' }, '2026-11-22')).toBeNull();
  });
});

describe('presetChoices', () => {
  it('lists every preset with days, in order, with its days on the day offered and the fiscal year chosen', () => {
    const choices = presetChoices('2026-11-22', 7);
    expect(choices.map((c) => c.label)).toEqual([
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
      'This month',
      'Last month',
      'This quarter',
      'Last quarter',
      'This year',
      'Last year',
      'This fiscal year',
      'Last fiscal year',
    ]);
    expect(choices.find((c) => c.label === 'This fiscal year')?.value).toEqual(['2026-07-01', '2026-11-22']);
    expect(choices.find((c) => c.label === 'Last fiscal year')?.value).toEqual(['2025-07-01', '2026-06-30']);
    expect(presetChoices('2026-02-10', 7).find((c) => c.label === 'This fiscal year')?.value).toEqual([
      '2025-07-01',
      '2026-02-10',
    ]);
  });
});

describe('isDatePreset', () => {
  it('accepts the presets only', () => {
    expect(isDatePreset('thisQuarter')).toBe(true);
    expect(isDatePreset('lastFiscalYear')).toBe(true);
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
