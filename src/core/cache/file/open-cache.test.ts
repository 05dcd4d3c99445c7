import { existsSync, readFileSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { CacheTooNewError } from '../cache-errors';
import { APPLICATION_ID, LATEST_VERSION } from './migrations';
import { openCache } from './open-cache';
import { sampleSales, tempFolder, testClock } from '../../../../test-support/cache-kit';

let folder: ReturnType<typeof tempFolder>;
let path: string;
const clock = testClock('2026-07-01T08:00:00.000Z');

beforeEach(() => {
  folder = tempFolder('open-cache');
  path = join(folder.dir, 'cache.sqlite');
});
afterEach(() => folder.remove());

function writeHealthyCache(count = 3_000): void {
  const { cache } = openCache({ path, now: clock.now });
  cache.storePage('acct', sampleSales({ count }), clock.now());
  cache.close();
}

function pragmas(file: string): { version: number; applicationId: number } {
  const db = new Database(file, { readonly: true });
  try {
    return {
      version: db.pragma('user_version', { simple: true }) as number,
      applicationId: db.pragma('application_id', { simple: true }) as number,
    };
  } finally {
    db.close();
  }
}

function expectFreshWorkingCache(): void {
  const { cache, recovery } = openCache({ path, now: clock.now });
  expect(recovery).toBeNull();
  expect(cache.countSales('acct', {})).toBe(0);
  cache.storePage('acct', sampleSales({ count: 10 }), clock.now());
  expect(cache.countSales('acct', {})).toBe(10);
  cache.close();
  expect(pragmas(path)).toEqual({ version: LATEST_VERSION, applicationId: APPLICATION_ID });
}

describe('openCache: a new or healthy file', () => {
  it('creates the folder and a migrated WAL cache with our application id', () => {
    path = join(folder.dir, 'nested', 'deeper', 'cache.sqlite');
    const { cache, recovery, previousVersion } = openCache({ path, now: clock.now });
    expect(recovery).toBeNull();
    expect(previousVersion).toBe(0);
    cache.close();
    expect(pragmas(path)).toEqual({ version: LATEST_VERSION, applicationId: APPLICATION_ID });
    const db = new Database(path, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('reopens a healthy cache with its sales, without migrating or moving anything', () => {
    writeHealthyCache();
    const { cache, recovery, previousVersion } = openCache({ path, now: clock.now });
    expect(recovery).toBeNull();
    expect(previousVersion).toBe(LATEST_VERSION);
    expect(cache.countSales('acct', {})).toBe(3_000);
    cache.close();
    expect(readdirSync(folder.dir).filter((f) => f.includes('corrupt'))).toEqual([]);
  });
});

describe('openCache: damaged and foreign files (D2)', () => {
  it('D2: a garbage file is moved aside with its -wal and -shm, a fresh cache is created, and the result says so', () => {
    const garbage = Buffer.alloc(8192, 0x42);
    writeFileSync(path, garbage);
    writeFileSync(`${path}-wal`, 'stale wal');
    writeFileSync(`${path}-shm`, 'stale shm');
    const { cache, recovery } = openCache({ path, now: clock.now });
    expect(recovery?.reason).toBe('corrupt');
    expect(recovery?.message).toMatch(
      /set aside as .*cache\.sqlite\.corrupt-2026-07-01T08-00-00-000Z.*new, empty cache/,
    );
    const target = `${path}.corrupt-2026-07-01T08-00-00-000Z`;
    expect(recovery?.movedTo).toEqual([target, `${target}-wal`, `${target}-shm`]);
    expect(readFileSync(target)).toEqual(garbage);
    expect(readFileSync(`${target}-wal`, 'utf8')).toBe('stale wal');
    expect(readFileSync(`${target}-shm`, 'utf8')).toBe('stale shm');
    cache.close();
    expectFreshWorkingCache();
  });

  it('D2: a SQLite database of another application is moved aside untouched, not migrated', () => {
    const foreign = new Database(path);
    foreign.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')");
    foreign.close();
    const before = readFileSync(path);
    const { cache, recovery } = openCache({ path, now: clock.now });
    expect(recovery?.reason).toBe('foreign');
    expect(recovery?.message).toMatch(/belongs to another application/);
    const moved = recovery?.movedTo[0] ?? '';
    expect(readFileSync(moved)).toEqual(before);
    cache.close();
    expectFreshWorkingCache();
  });

  it('D2: a truncated cache file is caught at open and moved aside; the app gets a fresh cache instead of a crash', () => {
    writeHealthyCache();
    const size = readFileSync(path).length;
    truncateSync(path, Math.floor(size * 0.6));
    const { cache, recovery } = openCache({ path, now: clock.now });
    expect(recovery?.reason).toBe('corrupt');
    expect(existsSync(recovery?.movedTo[0] ?? '')).toBe(true);
    cache.close();
    expectFreshWorkingCache();
  });

  it('D2: a cache with garbage written over pages in the middle fails quick_check and is moved aside', () => {
    writeHealthyCache();
    const bytes = readFileSync(path);
    bytes.fill(0x5a, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 8192);
    writeFileSync(path, bytes);
    const { cache, recovery } = openCache({ path, now: clock.now });
    expect(recovery?.reason).toBe('corrupt');
    expect(recovery?.detail).toMatch(/quick_check|malformed/);
    cache.close();
    expectFreshWorkingCache();
  });

  it('D2: a file too short to be a database is moved aside', () => {
    writeFileSync(path, 'SQLite format 3\u0000 but cut');
    const { cache, recovery } = openCache({ path, now: clock.now });
    expect(recovery?.reason).toBe('corrupt');
    cache.close();
  });

  it('D2: two recoveries in the same millisecond do not overwrite each other’s moved files', () => {
    writeFileSync(path, Buffer.alloc(4096, 1));
    openCache({ path, now: clock.now }).cache.close();
    writeFileSync(path, Buffer.alloc(4096, 2));
    const { cache, recovery } = openCache({ path, now: clock.now });
    expect(recovery?.movedTo[0]).toMatch(/corrupt-2026-07-01T08-00-00-000Z-2$/);
    cache.close();
  });
});

describe('openCache: a cache from a newer version (D3)', () => {
  it('D3: a cache with a higher user_version is refused with a plain message and stays byte-identical', () => {
    writeHealthyCache();
    const raw = new Database(path);
    raw.pragma(`user_version = ${LATEST_VERSION + 1}`);
    raw.close();
    const before = readFileSync(path);
    const filesBefore = readdirSync(folder.dir).sort();
    let thrown: unknown;
    try {
      openCache({ path, now: clock.now });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CacheTooNewError);
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as CacheTooNewError).code).toBe('CACHE_TOO_NEW');
    expect((thrown as CacheTooNewError).reason).toBe('too-new');
    expect((thrown as Error).message).toMatch(/newer version of Commission Desk.*Update the app.*left unchanged/);
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(readdirSync(folder.dir).sort()).toEqual(filesBefore);
  });

  it('D3: the refusal also holds when the newer version lives only in the -wal (not yet checkpointed)', () => {
    writeHealthyCache();
    const raw = new Database(path);
    raw.pragma('journal_mode = WAL');
    raw.pragma('wal_autocheckpoint = 0');
    raw.pragma(`user_version = ${LATEST_VERSION + 5}`);
    const main = readFileSync(path);
    const wal = readFileSync(`${path}-wal`);
    expect(() => openCache({ path, now: clock.now })).toThrow(CacheTooNewError);
    expect(readFileSync(path).equals(main)).toBe(true);
    expect(readFileSync(`${path}-wal`).equals(wal)).toBe(true);
    raw.close();
  });
});
