/**
 * Judges an existing cache file before anything writes to it, through a read-only connection: ours and healthy,
 * ours but from a newer build, damaged, or not ours at all. Reading only is what lets a newer build's file stay
 * byte-identical (D3) and a damaged file be moved aside intact for a later look (D2).
 */
import { closeSync, existsSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { AppError } from '../../../shared/errors';
import { isCorruptionError } from '../cache-errors';
import { APPLICATION_ID, LATEST_VERSION } from './migrations';

/** What an existing cache file turned out to be. */
export type FileVerdict =
  | { kind: 'missing' }
  | { kind: 'usable'; version: number }
  | { kind: 'too-new'; version: number }
  | { kind: 'foreign'; detail: string }
  | { kind: 'corrupt'; detail: string };

const SQLITE_MAGIC = 'SQLite format 3\u0000';

function readMagic(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(16);
    const read = readSync(fd, buffer, 0, 16, 0);
    return buffer.subarray(0, read).toString('latin1');
  } finally {
    closeSync(fd);
  }
}

/** How thoroughly to look: `quickCheck: false` leaves the page-by-page check to `integrity-check.ts`. */
export interface InspectOptions {
  quickCheck?: boolean;
}

function judgeOpen(db: Database.Database, options: InspectOptions): FileVerdict {
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  const version = db.pragma('user_version', { simple: true }) as number;
  if (applicationId === 0 && version === 0) {
    const objects = db.prepare('SELECT count(*) FROM sqlite_schema').pluck().get() as number;
    if (objects === 0) return { kind: 'usable', version: 0 };
  }
  if (applicationId !== APPLICATION_ID) {
    return { kind: 'foreign', detail: 'The file is a SQLite database of another application.' };
  }
  if (version > LATEST_VERSION) return { kind: 'too-new', version };
  if (options.quickCheck === false) {
    // Still read the schema, so a file damaged at its start is caught now rather than by the background check.
    db.prepare('SELECT count(*) FROM sqlite_schema').pluck().get();
    return { kind: 'usable', version };
  }
  const problems = db.pragma('quick_check(5)', { simple: false }) as { quick_check: string }[];
  const first = problems[0]?.quick_check;
  if (first === 'ok') return { kind: 'usable', version };
  return { kind: 'corrupt', detail: `quick_check: ${problems.map((p) => p.quick_check).join('; ')}` };
}

/**
 * Removes the -wal/-shm a read-only look created (they did not exist before and the -wal is empty), so inspecting a
 * file leaves its folder as it found it.
 */
function removeCreatedCompanions(path: string, existedBefore: boolean[]): void {
  const [walExisted, shmExisted] = existedBefore;
  if (walExisted || shmExisted || !existsSync(`${path}-wal`) || statSync(`${path}-wal`).size !== 0) return;
  rmSync(`${path}-wal`, { force: true });
  rmSync(`${path}-shm`, { force: true });
}

function inspectWithSqlite(path: string, options: InspectOptions): FileVerdict {
  const existedBefore = [existsSync(`${path}-wal`), existsSync(`${path}-shm`)];
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    return judgeOpen(db, options);
  } catch (error) {
    if (isCorruptionError(error)) return { kind: 'corrupt', detail: (error as Error).message };
    throw new AppError(
      'INTERNAL',
      `The sales cache at ${path} cannot be read (${(error as Error).message}). Check that the folder is readable and writable.`,
      {
        cause: error,
      },
    );
  } finally {
    db?.close();
    removeCreatedCompanions(path, existedBefore);
  }
}

/** Reads `path` without writing and says whether it can be used, must be refused, or must be moved aside. */
export function inspectCacheFile(path: string, options: InspectOptions = {}): FileVerdict {
  if (!existsSync(path)) return { kind: 'missing' };
  const size = statSync(path).size;
  if (size > 0 && size < 512) return { kind: 'corrupt', detail: `The file is only ${size} bytes long.` };
  if (size > 0 && readMagic(path) !== SQLITE_MAGIC) {
    return { kind: 'corrupt', detail: 'The file does not start with a SQLite header (damaged or overwritten).' };
  }
  return inspectWithSqlite(path, options);
}
