import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache } from '../cache';
import { openCacheHolder, type CacheHolder } from './cache-holder';
import { warmUpBrowsing } from './warm-up';
import { sampleSales, tempFolder, testClock } from '../../../test-support/cache-kit';
import { captureLog, type LogCapture } from '../../../test-support/log-capture';

const clock = testClock('2026-07-01T08:00:00.000Z');
let folder: ReturnType<typeof tempFolder>;
let path: string;
let log: LogCapture;
let holder: CacheHolder | null;

beforeEach(() => {
  folder = tempFolder('warm-up');
  path = join(folder.dir, 'cache.sqlite');
  log = captureLog();
  holder = null;
  const { cache } = openCache({ path, now: clock.now });
  cache.storePage('acct', sampleSales({ count: 1_500 }), clock.now());
  cache.close();
});
afterEach(async () => {
  await holder?.close();
  folder.remove();
});

describe('the browse index readied while the window loads', () => {
  it('readies the open account and logs it; its first page then answers', () => {
    holder = openCacheHolder(path, clock.now, log.logger());
    warmUpBrowsing(holder, () => 'acct', log.logger());
    expect(log.events('sales.warmed-up')).toMatchObject([{ ready: true }]);
    expect(holder.get().salesPage('acct', { offset: 0, limit: 10 }).total).toBe(1_500);
  });

  it('leaves an account over the build limit to its first query', () => {
    holder = openCacheHolder(path, clock.now, log.logger());
    warmUpBrowsing(holder, () => 'acct', log.logger(), 1_000);
    expect(log.events('sales.warmed-up')).toMatchObject([{ ready: false }]);
    expect(holder.get().salesPage('acct', { offset: 0, limit: 10 }).total).toBe(1_500);
  });

  it('does nothing with no account open or no cache, and never throws', async () => {
    holder = openCacheHolder(path, clock.now, log.logger());
    warmUpBrowsing(holder, () => null, log.logger());
    expect(log.lines).toEqual([]);

    await holder.close();
    const broken = openCacheHolder('/dev/null/commission-desk-cannot-write-here/cache.sqlite', clock.now, log.logger());
    holder = null;
    expect(broken.error).not.toBeNull();
    expect(() => warmUpBrowsing(broken, () => 'acct', log.logger())).not.toThrow();
    expect(log.events('sales.warmed-up')).toEqual([]);
  });

  it('notes a failure in the log instead of throwing', () => {
    holder = openCacheHolder(path, clock.now, log.logger());
    expect(() => warmUpBrowsing(holder as CacheHolder, () => '', log.logger())).not.toThrow();
    expect(log.events('sales.warm-up-failed')).toHaveLength(1);
  });
});
