/**
 * Files and folders only their owner can open (S15). The data folder holds the sales cache, the settings and the
 * logs: another user of the same computer must not read them, so on POSIX the folder is 0700 and every file 0600
 * from the moment it exists, whatever the process umask. A folder or file an older version left readable by others
 * is tightened when the app next uses it, if this user owns it. On Windows the user's profile folder already limits
 * access and POSIX modes mean nothing, so only the folder is created there.
 */
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';

/** The data folder and every folder the app creates in it: owner only. */
export const PRIVATE_FOLDER_MODE = 0o700;
/** Every file the app writes: owner read and write only. */
export const PRIVATE_FILE_MODE = 0o600;

const GROUP_AND_OTHERS = 0o077;

/** True where file modes protect anything. */
export function hasPosixModes(platform: NodeJS.Platform = process.platform): boolean {
  return platform !== 'win32';
}

/** Drops group and other access from an existing `path` this user owns; a missing path is left missing. */
export function tightenMode(path: string): void {
  if (!hasPosixModes()) return;
  let mode: number;
  let uid: number;
  try {
    ({ mode, uid } = statSync(path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if ((mode & GROUP_AND_OTHERS) === 0 || (process.getuid !== undefined && uid !== process.getuid())) return;
  chmodSync(path, mode & 0o700);
}

/** Creates `path` (and missing parents) as 0700 folders, and tightens it if it already existed. */
export function ensurePrivateFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  tightenMode(path);
}

/** Creates `path` as an empty 0600 file when it is missing, and tightens it when it exists. */
export function ensurePrivateFile(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  tightenMode(path);
}
