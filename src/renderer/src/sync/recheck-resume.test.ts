import { describe, expect, it } from 'vitest';
import { monthSpans, remainingSpan } from './recheck-resume';

describe('resuming a re-check', () => {
  it('splits a period into its months, clipped to the period', () => {
    expect(monthSpans({ from: '2025-12-15', to: '2026-02-10' })).toEqual([
      { from: '2025-12-15', to: '2025-12-31' },
      { from: '2026-01-01', to: '2026-01-31' },
      { from: '2026-02-01', to: '2026-02-10' },
    ]);
    expect(monthSpans({ from: '2024-02-01', to: '2024-02-29' })).toEqual([{ from: '2024-02-01', to: '2024-02-29' }]);
  });

  it('T4: resumes with only the months not fetched since the re-check began', () => {
    const months = monthSpans({ from: '2026-01-01', to: '2026-04-30' });
    const started = '2026-05-02T10:00:00.000Z';
    const before = '2026-05-01T08:00:00.000Z';
    const after = '2026-05-02T10:05:00.000Z';
    // Newest months were done before the cancel; January had nothing cached.
    expect(remainingSpan(months, [null, before, after, after], started)).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(remainingSpan(months, [before, after, before, after], started)).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(remainingSpan(months, [after, after, null, after], started)).toBeNull();
  });
});
