import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../common/format';
import { statusCheckText } from './status-check-text';

const NOW = new Date('2026-05-10T12:00:00.000Z');

describe('statuses checked', () => {
  it('T3: says how long ago the oldest confirmation among the sales shown was and counts those never checked apart', () => {
    const line = statusCheckText(
      { sales: 40, oldest: '2026-05-01T08:00:00.000Z', oldestOpen: '2026-05-10T11:00:00.000Z', neverChecked: 0 },
      NOW,
      'en-GB',
    );
    expect(line?.text).toBe('Statuses checked 9 days ago');
    expect(line?.stale).toBe(false);
    expect(line?.detail).toContain(`40 sales shown: ${formatDateTime('2026-05-01T08:00:00.000Z', 'en-GB')}.`);

    const never = statusCheckText(
      { sales: 40, oldest: '2026-05-01T08:00:00.000Z', oldestOpen: null, neverChecked: 3 },
      NOW,
      'en-GB',
    );
    expect(never?.text).toBe('Statuses checked 9 days ago · 3 never checked');
    expect(never?.stale).toBe(true);
  });

  it('T3: calls open sales checked more than a day ago stale, and says nothing when no sale is shown', () => {
    const stale = statusCheckText(
      { sales: 2, oldest: '2026-05-08T08:00:00.000Z', oldestOpen: '2026-05-09T11:59:00.000Z', neverChecked: 0 },
      NOW,
      'en-GB',
    );
    expect(stale?.stale).toBe(true);
    expect(stale?.detail).toContain('Sync to check open sales again');
    expect(statusCheckText({ sales: 0, oldest: null, oldestOpen: null, neverChecked: 0 }, NOW)).toBeNull();
    expect(statusCheckText({ sales: 2, oldest: null, oldestOpen: null, neverChecked: 2 }, NOW, 'en-GB')?.text).toBe(
      'Statuses not checked yet · 2 never checked',
    );
  });
});
