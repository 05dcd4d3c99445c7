import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache } from '../cache';
import { sampleSales, tempFolder, testClock } from '../../../test-support/cache-kit';
import { captureLog, type LogCapture } from '../../../test-support/log-capture';
import { openCacheHolder, type CacheHolder } from './cache-holder';

let folder: ReturnType<typeof tempFolder>;
let path: string;
let log: LogCapture;
let holder: CacheHolder | null;
const clock = testClock('2026-07-01T08:00:00.000Z');

beforeEach(() => {
  folder = tempFolder('cache-holder');
  path = join(folder.dir, 'cache.sqlite');
  log = captureLog();
  holder = null;
});
afterEach(async () => {
  await holder?.close();
  folder.remove();
});

function writeHealthyCache(): void {
  const { cache } = openCache({ path, now: clock.now });
  cache.storePage('acct', sampleSales({ count: 3_000 }), clock.now());
  cache.close();
}

describe('the cache holder checks the file off the main thread, right after opening it (D2)', () => {
  it('a new file needs no check', async () => {
    holder = openCacheHolder(path, clock.now, log.logger());
    expect(holder.integrity).toBe('not-needed');
    expect(await holder.checked).toBe('not-needed');
    expect(holder.get().countSales('acct', {})).toBe(0);
  });

  it('a healthy file is usable at once and reported ok when the check ends', async () => {
    writeHealthyCache();
    holder = openCacheHolder(path, clock.now, log.logger());
    expect(holder.integrity).toBe('checking');
    expect(holder.get().countSales('acct', {})).toBe(3_000);
    expect(await holder.checked).toBe('ok');
    expect(holder.notice).toBeNull();
    expect(holder.get().countSales('acct', {})).toBe(3_000);
  });

  it('a file with garbage over pages in the middle opens, then the check sets it aside and a fresh cache takes its place, saying so', async () => {
    writeHealthyCache();
    const bytes = readFileSync(path);
    bytes.fill(0x5a, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 8192);
    writeFileSync(path, bytes);
    holder = openCacheHolder(path, clock.now, log.logger());
    expect(holder.notice).toBeNull();
    expect(await holder.checked).toBe('recovered');
    expect(holder.error).toBeNull();
    expect(holder.notice).toMatch(/damaged.*set aside/);
    expect(existsSync(join(folder.dir, 'cache.sqlite.corrupt-2026-07-01T08-00-00-000Z'))).toBe(true);
    expect(holder.get().countSales('acct', {})).toBe(0);
    holder.get().storePage('acct', sampleSales({ count: 10 }), clock.now());
    expect(holder.get().countSales('acct', {})).toBe(10);
    expect(log.lines.some((line) => line.includes('cache.recovered') && line.includes('background-check'))).toBe(true);
  });

  it('a check put off until the first screen is answered starts at checkSoon, and then finds the damage', async () => {
    writeHealthyCache();
    const bytes = readFileSync(path);
    bytes.fill(0x5a, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 8192);
    writeFileSync(path, bytes);
    holder = openCacheHolder(path, clock.now, log.logger(), { checkWithinMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(holder.integrity).toBe('checking');
    expect(holder.notice).toBeNull();
    expect(existsSync(join(folder.dir, 'cache.sqlite.corrupt-2026-07-01T08-00-00-000Z'))).toBe(false);
    holder.checkSoon();
    expect(await holder.checked).toBe('recovered');
    expect(holder.notice).toMatch(/damaged.*set aside/);
    expect(holder.get().countSales('acct', {})).toBe(0);
  });

  it('a check put off starts by itself when no page is asked for within the time given', async () => {
    writeHealthyCache();
    holder = openCacheHolder(path, clock.now, log.logger(), { checkWithinMs: 50 });
    expect(await holder.checked).toBe('ok');
    expect(log.lines.some((line) => line.includes('cache.checked') && line.includes('"ok"'))).toBe(true);
  });

  it('closing before a put-off check started does not start it or wait for it, and says nothing was checked', async () => {
    writeHealthyCache();
    holder = openCacheHolder(path, clock.now, log.logger(), { checkWithinMs: 60_000 });
    const closing = holder.close();
    holder.checkSoon();
    await closing;
    expect(await holder.checked).toBe('unknown');
    expect(log.lines.filter((line) => line.includes('cache.checked') || line.includes('cache.check-skipped'))).toEqual(
      [],
    );
    holder = null;
  });

  it('closing while the check still runs waits for it, so the folder can be removed at once and stays removed', async () => {
    writeHealthyCache();
    holder = openCacheHolder(path, clock.now, log.logger());
    expect(holder.integrity).toBe('checking');
    await holder.close();
    expect(holder.integrity).not.toBe('checking');
    expect(
      readdirSync(folder.dir).filter((name) => name.startsWith('cache.sqlite-')),
      'no write-ahead log left',
    ).toEqual([]);
    folder.remove();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(folder.dir)).toBe(false);
    holder = null;
  });
});
