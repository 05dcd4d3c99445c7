import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache, type SalesCache } from '..';
import { tempFolder } from '../../../../test-support/cache-kit';
import type { UnstoredPage } from './unstored-records';

const AT = '2026-07-01T08:00:00Z';
const PROFILE = {
  uId: 'u',
  userName: 'u',
  profileName: null,
  country: null,
  email: null,
  description: null,
  isPrivate: null,
  avatar: null,
  coverImage: null,
  statistics: { followers: null, following: null, productCount: null, collectionCount: null },
  socialChannels: [],
};

let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;

/** Stores an empty page of walk `walk` over `from`..`to` with these unreadable records. */
function walkPage(account: string, page: Omit<UnstoredPage, 'scope'> & { scope?: string }): void {
  cache.storePage(account, [], AT, { unstored: { scope: '', ...page } });
}

const noRef = (day: string | null) => ({
  day,
  reference: null,
  reason: 'The record has no usable reference; it was not stored.',
});

beforeEach(() => {
  folder = tempFolder('unstored-records');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite') }).cache;
});

afterEach(() => {
  cache.close();
  folder.remove();
});

describe('records that could not be stored, as the cache remembers them', () => {
  it('T8: a covered day holding one is missing from coverage and from the days a sync may skip', () => {
    cache.markCovered('a', '2026-03-01', '2026-03-31', AT);
    walkPage('a', {
      from: '2026-03-01',
      to: '2026-03-31',
      walk: 'w1',
      records: [noRef('2026-03-04'), noRef('2026-03-04')],
    });
    expect(cache.coverage('a', '2026-03-01', '2026-03-31')).toEqual({
      complete: false,
      asOf: '2026-07-01T08:00:00.000Z',
      missing: [{ from: '2026-03-04', to: '2026-03-04' }],
      unstored: [
        {
          from: '2026-03-04',
          to: '2026-03-04',
          count: 2,
          reasons: ['The record has no usable reference; it was not stored.'],
        },
      ],
    });
    expect(cache.syncGaps('a', '2026-03-01', '2026-03-31')).toEqual([{ from: '2026-03-04', to: '2026-03-04' }]);
    expect(cache.provisionalDays('a')).toEqual(['2026-03-04']);
    expect(cache.coverage('a', '2026-03-05', '2026-03-31').complete).toBe(true);
  });

  it('T8: a later walk of those days replaces what earlier walks left; a record of a day the walk does not claim is left to its own walk', () => {
    walkPage('a', {
      from: '2026-03-01',
      to: '2026-03-31',
      walk: 'w1',
      records: [noRef('2026-03-04'), noRef('2026-04-01')],
    });
    expect(cache.coverage('a', '2026-03-01', '2026-04-30').unstored).toHaveLength(1);
    walkPage('a', { from: '2026-03-01', to: '2026-03-31', walk: 'w2', records: [] });
    expect(cache.coverage('a', '2026-03-01', '2026-03-31').unstored).toBeUndefined();
  });

  it('T8: a record that named no day spans the days asked for; a walk over one end cuts it back, one of the remaining days clears it', () => {
    walkPage('a', { from: '2026-03-01', to: '2026-03-31', walk: 'w1', records: [noRef(null)] });
    expect(cache.coverage('a', '2026-03-01', '2026-03-31').unstored).toEqual([
      expect.objectContaining({ from: '2026-03-01', to: '2026-03-31', count: 1 }),
    ]);
    walkPage('a', { from: '2026-02-15', to: '2026-03-10', walk: 'w2', records: [] });
    expect(cache.coverage('a', '2026-03-01', '2026-03-31').unstored).toEqual([
      expect.objectContaining({ from: '2026-03-11', to: '2026-03-31' }),
    ]);
    walkPage('a', { from: '2026-03-15', to: '2026-03-20', walk: 'w3', records: [] });
    expect(cache.coverage('a', '2026-03-01', '2026-03-31').unstored).toEqual([
      expect.objectContaining({ from: '2026-03-11', to: '2026-03-31' }),
    ]);
    walkPage('a', { from: '2026-03-11', to: '2026-04-30', walk: 'w4', records: [] });
    expect(cache.coverage('a', '2026-03-01', '2026-03-31').unstored).toBeUndefined();
  });

  it('T8: a walk filtered by status replaces only what walks with the same filter left; a walk of every sale replaces all', () => {
    walkPage('a', { from: '2026-03-01', to: '2026-03-31', walk: 'w1', records: [noRef('2026-03-04')] });
    walkPage('a', {
      from: '2026-03-01',
      to: '2026-03-31',
      walk: 'p1',
      scope: 'pending',
      records: [noRef('2026-03-05')],
    });
    walkPage('a', { from: '2026-03-01', to: '2026-03-31', walk: 'p2', scope: 'pending', records: [] });
    expect(cache.coverage('a', '2026-03-01', '2026-03-31').unstored).toEqual([
      expect.objectContaining({ from: '2026-03-04', to: '2026-03-04' }),
    ]);
    walkPage('a', {
      from: '2026-03-01',
      to: '2026-03-31',
      walk: 'p3',
      scope: 'pending',
      records: [noRef('2026-03-05')],
    });
    walkPage('a', { from: '2026-03-01', to: '2026-03-31', walk: 'w2', records: [] });
    expect(cache.coverage('a', '2026-03-01', '2026-03-31').unstored).toBeUndefined();
  });

  it('T8: forgetting an account and clearing the cache forget its unreadable records too', () => {
    for (const account of ['a', 'b']) {
      cache.saveProfile(account, PROFILE, AT);
      walkPage(account, { from: '2026-03-01', to: '2026-03-31', walk: 'w1', records: [noRef('2026-03-04')] });
    }
    cache.forgetAccount('a');
    expect(cache.provisionalDays('a')).toEqual([]);
    expect(cache.provisionalDays('b')).toEqual(['2026-03-04']);
    cache.clearAll();
    expect(cache.provisionalDays('b')).toEqual([]);
  });
});
