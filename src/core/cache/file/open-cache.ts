/**
 * Opens (or creates) the sales cache file: refuses a file from a newer app version (D3), moves a damaged or
 * foreign file aside and starts a fresh cache, saying so (D2), then migrates and configures the connection
 * (WAL journal, so readers never block the writer and a killed process loses at most the transaction in flight).
 * The folder is 0700 and the file 0600 before SQLite first opens it; SQLite gives its -wal, -shm and -journal the
 * database file's mode, so they are private from their creation too (S15).
 */
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { AppError } from '../../../shared/errors';
import { ensurePrivateFile, ensurePrivateFolder, tightenMode } from '../../settings';
import { CacheTooNewError, isCorruptionError } from '../cache-errors';
import { inspectCacheFile, type FileVerdict } from './inspect-file';
import { LATEST_VERSION } from './migrations';
import { migrate } from './migrate';
import { moveAside } from './quarantine';
import { createSalesCache, type SalesCache, type SalesCacheOptions } from '../sales-cache';

/** Where the cache lives and the clock it stamps times with (tests pass a fixed one). */
export interface OpenCacheOptions extends SalesCacheOptions {
  path: string;
  now?: () => Date;
  /**
   * `now` (default): quick_check before opening, as below. `background`: only the cheap checks (header, application
   * id, version, schema) before opening; the caller runs quick_check off the main thread right after
   * (`checkIntegrityOffThread`) and calls {@link replaceDamagedCache} if it fails. On a large cache quick_check alone
   * is slow, and the app would otherwise spend that time before its window can show anything.
   */
  integrityCheck?: 'now' | 'background';
}

/** A damaged or foreign file that was set aside; `message` is the sentence to show the user. */
export interface CacheRecovery {
  reason: 'corrupt' | 'foreign';
  detail: string;
  movedTo: string[];
  message: string;
}

/** The open cache, whether a bad file had to be set aside, and the format the file had before migrating. */
export interface OpenedCache {
  cache: SalesCache;
  recovery: CacheRecovery | null;
  previousVersion: number;
}

function setAside(path: string, now: Date): string[] {
  try {
    return moveAside(path, now);
  } catch (error) {
    throw new AppError(
      'CACHE_CORRUPT',
      `The sales cache at ${path} is damaged and could not be moved aside (${(error as Error).message}). ` +
        'Close other programs that may use it, or move the file away yourself, then start Commission Desk again.',
      { cause: error },
    );
  }
}

function recover(path: string, reason: CacheRecovery['reason'], detail: string, now: Date): CacheRecovery {
  const movedTo = setAside(path, now);
  const what = reason === 'foreign' ? 'belongs to another application' : 'is damaged';
  return {
    reason,
    detail,
    movedTo,
    message:
      `The sales cache file ${what}, so it was set aside as ${movedTo[0] ?? path} and a new, empty cache was started. ` +
      'Sync again to fetch your sales; nothing on the service was affected.',
  };
}

function configure(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // Foreign keys stay unenforced: the page store is the only writer and takes its ids from the lookup tables it has
  // just read, and enforcement was a large share of ingest time.
  db.pragma('foreign_keys = OFF');
  // The schema's CHECKs (ISO days by GLOB, status lists) repeat what the page store verifies in JS before every write
  // (assertStorable, toRowValues), and the other tables are written with constants; evaluating them again was a large
  // share of ingest time. They stay in the schema as documentation and for other tools.
  db.pragma('ignore_check_constraints = ON');
  db.pragma('busy_timeout = 5000');
  // A small page cache per connection: sales are stored in row-id order (appends) and browsed from memory, so a
  // larger cache only held the pages of the last full scan for nothing.
  db.pragma('cache_size = -16384');
  db.pragma('temp_store = MEMORY');
  // A sync commits every page of 100 sales; with SQLite's default the WAL was copied into the file (and synced to
  // disk) about every hundred pages. Checkpointing less often made large ingests much quicker.
  db.pragma('wal_autocheckpoint = 16384');
}

/** SQLite's companion files, which an older version may have left readable by others. */
const COMPANIONS = ['-wal', '-shm', '-journal'];

function openMigrated(path: string): { db: Database.Database; previousVersion: number } {
  ensurePrivateFile(path);
  for (const suffix of COMPANIONS) tightenMode(path + suffix);
  const db = new Database(path);
  try {
    configure(db);
    return { db, previousVersion: migrate(db, path) };
  } catch (error) {
    db.close();
    throw error;
  }
}

function verdictRecovery(path: string, verdict: FileVerdict, now: Date): CacheRecovery | null {
  if (verdict.kind === 'too-new') throw new CacheTooNewError(path, verdict.version, LATEST_VERSION);
  if (verdict.kind === 'corrupt' || verdict.kind === 'foreign') return recover(path, verdict.kind, verdict.detail, now);
  // A -wal left without its database would be replayed into the new file: set such leftovers aside too.
  if (verdict.kind === 'missing') setAside(path, now);
  return null;
}

function cacheOptions({ savedIndexMinSales, browsing }: OpenCacheOptions): SalesCacheOptions {
  return {
    ...(savedIndexMinSales === undefined ? {} : { savedIndexMinSales }),
    ...(browsing === undefined ? {} : { browsing }),
  };
}

/**
 * Opens the cache at `options.path`, creating folders and file as needed. Throws {@link CacheTooNewError} for a file
 * from a newer version (leaving it untouched); never throws for a damaged or foreign file.
 */
export function openCache(options: OpenCacheOptions): OpenedCache {
  const now = options.now ?? (() => new Date());
  ensurePrivateFolder(dirname(options.path));
  const inspected = inspectCacheFile(options.path, { quickCheck: options.integrityCheck !== 'background' });
  let recovery = verdictRecovery(options.path, inspected, now());
  let opened: { db: Database.Database; previousVersion: number };
  try {
    opened = openMigrated(options.path);
  } catch (error) {
    if (!isCorruptionError(error)) throw error;
    recovery = recover(options.path, 'corrupt', (error as Error).message, now());
    opened = openMigrated(options.path);
  }
  return {
    cache: createSalesCache(opened.db, options.path, now, cacheOptions(options)),
    recovery,
    previousVersion: opened.previousVersion,
  };
}

/**
 * For a cache found damaged after it was opened (the background quick_check): moves the file aside and opens a fresh
 * cache in its place, saying so in `recovery`. The damaged cache must be closed first.
 */
export function replaceDamagedCache(options: OpenCacheOptions, detail: string): OpenedCache {
  const now = options.now ?? (() => new Date());
  const recovery = recover(options.path, 'corrupt', detail, now());
  const opened = openMigrated(options.path);
  return {
    cache: createSalesCache(opened.db, options.path, now, cacheOptions(options)),
    recovery,
    previousVersion: opened.previousVersion,
  };
}
