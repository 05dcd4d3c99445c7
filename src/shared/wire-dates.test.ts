import { describe, expect, it } from 'vitest';
import { readWireDay } from './wire-dates';

describe('readWireDay', () => {
  it('T8: reads the spec’s dd-mm-yyyy as it is', () => {
    expect(readWireDay('15-01-2026')).toEqual({ day: '2026-01-15', exactFormat: true });
  });

  it.each([
    ['5-1-2026', '2026-01-05'],
    ['15/01/2026', '2026-01-15'],
    ['03/03/2026', '2026-03-03'],
    ['15.01.2026', '2026-01-15'],
    ['01.02.2026', '2026-02-01'],
    ['2026-01-15', '2026-01-15'],
    ['2026/1/5', '2026-01-05'],
    ['2026-01-15T23:30:00Z', '2026-01-15'],
    ['2026-01-15T23:30:00-05:00', '2026-01-15'],
    ['15-01-2026 10:00:00', '2026-01-15'],
  ])('T8: reads the near format %s as %s', (text, day) => {
    expect(readWireDay(text)).toEqual({ day, exactFormat: false });
  });

  it.each([
    '03/01/2026',
    '1/2/2026',
    '2026/13/45',
    '31-02-2026',
    '15-01-26',
    'yesterday',
    '',
    '2026-01',
    '15-01-2026T',
  ])('T8: does not guess at %j', (text) => {
    expect(readWireDay(text)).toBeNull();
  });
});
