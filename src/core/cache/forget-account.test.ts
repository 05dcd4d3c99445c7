import { afterEach, describe, expect, it } from 'vitest';
import { openCache } from './file';
import { sampleSales, tempFolder } from '../../../test-support/cache-kit';

const folder = tempFolder('forget-account-');
afterEach(() => folder.remove());

describe('forgetting an account', () => {
  it('deletes one account’s sales, search entries, changes, coverage, profile and runs, and leaves other accounts alone', () => {
    const { cache } = openCache({ path: `${folder.dir}/cache.sqlite` });
    const sales = sampleSales({ count: 300 });
    cache.storePage('a', sales, '2026-07-01T00:00:00Z');
    cache.storePage('b', sales.slice(0, 100), '2026-07-01T00:00:00Z');
    cache.markCovered('a', '2025-01-01', '2026-06-30', '2026-07-01T00:00:00Z');
    const run = cache.beginSyncRun('a', '2025-01-01', '2026-06-30');
    cache.finishSyncRun(run, 'completed');
    const word = sales[0]?.reference ?? '';
    expect(cache.countSales('a', { text: word })).toBe(1);

    expect(cache.forgetAccount('a')).toBe(300);
    expect(cache.countSales('a', {})).toBe(0);
    expect(cache.countSales('a', { text: word })).toBe(0);
    expect(cache.coverage('a', '2025-01-01', '2026-06-30').complete).toBe(false);
    expect(cache.lastSyncRun('a')).toBeNull();
    expect(cache.countSales('b', {})).toBe(100);
    expect(cache.countSales('b', { text: word })).toBe(1);

    cache.storePage('a', sales.slice(0, 10), '2026-07-02T00:00:00Z');
    expect(cache.countSales('a', {})).toBe(10);
    cache.close();
  });
});

describe('clearing the cache', () => {
  it('empties every account, search included, and the cache keeps working', () => {
    const folder2 = tempFolder('clear-all-');
    const { cache } = openCache({ path: `${folder2.dir}/cache.sqlite` });
    const sales = sampleSales({ count: 200 });
    cache.storePage('a', sales, '2026-07-01T00:00:00Z');
    cache.storePage('b', sales, '2026-07-01T00:00:00Z');
    expect(cache.clearAll()).toBe(400);
    expect(cache.countSales('a', {})).toBe(0);
    expect(cache.countSales('b', { text: sales[0]?.reference ?? '' })).toBe(0);
    cache.storePage('a', sales.slice(0, 5), '2026-07-02T00:00:00Z');
    expect(cache.countSales('a', { text: sales[0]?.reference ?? '' })).toBe(1);
    cache.close();
    folder2.remove();
  });
});
