import { describe, expect, it } from 'vitest';
import { periodChange } from './previous-period-text';

describe('the change beside a total', () => {
  it('is a signed percentage of the period before, to one decimal, naming the period', () => {
    expect(periodChange('112.40', '100.00', 'month', 'en-US')).toEqual({
      text: '+12.4% vs previous month',
      short: '+12.4%',
      direction: 'up',
    });
    expect(periodChange('50.00', '200.00', 'quarter', 'en-US')).toEqual({
      text: '-75.0% vs previous quarter',
      short: '-75.0%',
      direction: 'down',
    });
    expect(periodChange('0.00', '10.00', 'year', 'en-US')).toEqual({
      text: '-100.0% vs previous year',
      short: '-100.0%',
      direction: 'down',
    });
  });

  it('measures against the size of a negative total', () => {
    expect(periodChange('-5.00', '-10.00', 'month', 'en-US')).toEqual({
      text: '+50.0% vs previous month',
      short: '+50.0%',
      direction: 'up',
    });
  });

  it('says no change when it rounds to zero, and nothing without a total before', () => {
    expect(periodChange('100.01', '100.00', 'month', 'en-US')).toEqual({
      text: 'No change vs previous month',
      short: 'No change',
      direction: 'same',
    });
    expect(periodChange('100.00', '0.00', 'month', 'en-US')).toBeNull();
    expect(periodChange('100.00', null, 'month', 'en-US')).toBeNull();
  });
});
