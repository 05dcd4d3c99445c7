import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sampleSales, tempFolder, testClock } from '../../../../test-support/cache-kit';
import { openCache } from './open-cache';

const modeOf = (path: string): number => statSync(path).mode & 0o777;
const clock = testClock();

let folder: ReturnType<typeof tempFolder>;
let savedUmask = 0;
// With umask 0 a file created without an explicit mode would be 0644 at best: only explicit modes pass.
beforeAll(() => {
  savedUmask = process.umask(0);
});
afterAll(() => {
  process.umask(savedUmask);
});
beforeEach(() => {
  folder = tempFolder('cache-modes');
});
afterEach(() => folder.remove());

describe.skipIf(process.platform === 'win32')('cache file modes', () => {
  it('S15: opening and writing the cache creates the data folder 0700 and the cache, its -wal and -shm 0600, even under umask 0', () => {
    const dir = join(folder.dir, 'Commission Desk');
    const path = join(dir, 'cache.sqlite');
    const { cache } = openCache({ path, now: clock.now });
    try {
      cache.storePage('acct', sampleSales({ count: 500 }), clock.now());
      expect(existsSync(`${path}-wal`)).toBe(true);
      expect(existsSync(`${path}-shm`)).toBe(true);
      expect(modeOf(dir)).toBe(0o700);
      for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(modeOf(file), file).toBe(0o600);
    } finally {
      cache.close();
    }
  });

  it('S15: a cache folder and files an older version left readable by others are made private when opened', () => {
    const dir = join(folder.dir, 'old');
    const path = join(dir, 'cache.sqlite');
    openCache({ path, now: clock.now }).cache.close();
    chmodSync(dir, 0o755);
    chmodSync(path, 0o644);
    const { cache } = openCache({ path, now: clock.now });
    try {
      cache.storePage('acct', sampleSales({ count: 50 }), clock.now());
      expect(modeOf(dir)).toBe(0o700);
      for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(modeOf(file), file).toBe(0o600);
    } finally {
      cache.close();
    }
  });

  it('S15: a cache set aside as damaged is replaced by a new file that is private too', () => {
    const dir = join(folder.dir, 'damaged');
    mkdirSync(dir, { mode: 0o700 });
    const path = join(dir, 'cache.sqlite');
    writeFileSync(path, 'not a database, just text that fills a page '.repeat(200), { mode: 0o644 });
    const { cache, recovery } = openCache({ path, now: clock.now });
    try {
      expect(recovery?.reason).toBeDefined();
      expect(modeOf(path)).toBe(0o600);
    } finally {
      cache.close();
    }
  });
});
