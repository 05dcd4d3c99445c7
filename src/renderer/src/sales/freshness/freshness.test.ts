import { describe, expect, it } from 'vitest';
import { missingText, unstoredText } from './freshness';

describe('the freshness banner’s words', () => {
  it('names the missing days, or counts them when there are many gaps', () => {
    expect(missingText([])).toBe('none');
    expect(missingText([{ from: '2026-03-04', to: '2026-03-04' }])).toMatch(/Mar/);
    const many = [
      { from: '2026-01-01', to: '2026-01-02' },
      { from: '2026-02-01', to: '2026-02-01' },
      { from: '2026-03-01', to: '2026-03-03' },
    ];
    expect(missingText(many)).toBe('3 gaps, 6 days');
  });

  it('T8: says how many records the service sent could not be read, for which days and why, and that those days stay incomplete', () => {
    expect(unstoredText(undefined)).toBeNull();
    expect(unstoredText([])).toBeNull();
    const text = unstoredText([
      { from: '2026-03-04', to: '2026-03-04', count: 2, reasons: ['a field is nested too deep'] },
      { from: '2026-03-09', to: '2026-03-09', count: 1, reasons: ['no reference', 'a field is nested too deep'] },
    ]);
    expect(text).toMatch(
      /^3 records the service sent for .* could not be read \(a field is nested too deep; no reference\); those days stay incomplete/,
    );
  });
});
