/**
 * Writes a file so that the chosen name only ever holds a complete file (E3): the content goes to a hidden
 * temporary file beside the target, which is flushed to disk and then renamed into place only after the writer
 * finished. On any failure (a full disk, a cancel, a crash in the writer) the temporary file is removed and an
 * existing target is left untouched. A process killed mid-write leaves only the hidden temporary file, never a
 * partial file under the chosen name; the next export to that name removes such leftovers.
 *
 * The temporary file holds the user's sales while it is written, often in a shared folder: it is created 0600 (S15)
 * by tightening the process umask until the writer, which opens the file itself, has created it; it is set to 0600
 * again before the rename, so the export keeps that mode under its chosen name.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { chmod, link, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { hasPosixModes, PRIVATE_FILE_MODE } from '../settings';

/** Options of {@link writeAtomically}. */
export interface AtomicWriteOptions {
  /** False: fail with EEXIST instead of replacing a file already at the target (the headless command without --force). */
  overwrite?: boolean;
}

/** Leftover temporary files older than this are from a dead process (a live writer touches its file constantly). */
const STALE_MS = 10 * 60 * 1000;
const TEMP_SUFFIX = /^\.[0-9a-f]{12}\.partial$/;

/** The hidden temporary name used for `targetPath`. */
function tempPathFor(targetPath: string): string {
  return join(dirname(targetPath), `.${basename(targetPath)}.${randomBytes(6).toString('hex')}.partial`);
}

/** Removes temporary files a killed export to the same name left behind; best effort. */
async function removeStalePartials(targetPath: string, now: number): Promise<void> {
  const prefix = `.${basename(targetPath)}`;
  const names = await readdir(dirname(targetPath)).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix) || !TEMP_SUFFIX.test(name.slice(prefix.length))) continue;
    const path = join(dirname(targetPath), name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > STALE_MS) await rm(path, { force: true });
  }
}

function isAccessDenied(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ERR_ACCESS_DENIED';
}

/** Flushes a file (or, where the platform allows, a folder) to the disk. */
async function flushToDisk(path: string, folder: boolean): Promise<void> {
  if (folder && process.platform === 'win32') return;
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } catch (error) {
    // Under Node's permission model (`--permission`) fsync is refused outright; the file is complete all the same.
    if (!folder && !isAccessDenied(error)) throw error;
  } finally {
    await handle.close();
  }
}

/** Moves the finished temporary file into place, refusing to replace an existing file when asked to. */
async function moveIntoPlace(tempPath: string, targetPath: string, overwrite: boolean): Promise<void> {
  if (overwrite) return rename(tempPath, targetPath);
  try {
    await link(tempPath, targetPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || !['EPERM', 'ENOTSUP', 'ENOSYS', 'EXDEV'].includes(code ?? '')) throw error;
    // No hard links on this file system (FAT, some network shares): check, then rename.
    if (await exists(targetPath)) throw Object.assign(new Error('file exists'), { code: 'EEXIST' });
    return rename(tempPath, targetPath);
  }
  await rm(tempPath, { force: true });
}

/** Writers running under the tightened umask, and the umask to restore when the last one ends. */
let privateWriters = 0;
let restoredUmask = 0;

/** Group and other bits cleared from every file created meanwhile; false where the umask cannot be set (a worker thread). */
function beginPrivateCreation(): boolean {
  if (!hasPosixModes()) return false;
  try {
    if (privateWriters === 0) {
      restoredUmask = process.umask(0o077);
      process.umask(restoredUmask | 0o077);
    }
    privateWriters += 1;
    return true;
  } catch {
    return false;
  }
}

function endPrivateCreation(began: boolean): void {
  if (!began) return;
  privateWriters -= 1;
  if (privateWriters === 0) process.umask(restoredUmask);
}

function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Resolves once `path` exists or `writing` settled, whichever comes first (the writer opens its file at once). */
async function untilCreated(path: string, writing: Promise<void>): Promise<void> {
  let settled = false;
  const settle = (): void => {
    settled = true;
  };
  void writing.then(settle, settle);
  while (!settled && !(await exists(path))) await new Promise((resolve) => setTimeout(resolve, 1));
}

/**
 * Runs `write` with the umask tightened only until it created its file, so other files the process creates meanwhile
 * are not affected for long; the result is set to 0600 whatever mode the writer chose.
 */
async function writePrivately(tempPath: string, write: (tempPath: string) => Promise<void>): Promise<void> {
  const began = beginPrivateCreation();
  const writing = write(tempPath);
  try {
    await untilCreated(tempPath, writing);
  } finally {
    endPrivateCreation(began);
  }
  await writing;
  if (hasPosixModes()) await chmod(tempPath, PRIVATE_FILE_MODE);
}

/** Runs `write` against a temporary path and moves the result to `targetPath` when it succeeds. */
export async function writeAtomically(
  targetPath: string,
  write: (tempPath: string) => Promise<void>,
  options: AtomicWriteOptions = {},
): Promise<void> {
  await removeStalePartials(targetPath, Date.now());
  const tempPath = tempPathFor(targetPath);
  try {
    await writePrivately(tempPath, write);
    await flushToDisk(tempPath, false);
    await moveIntoPlace(tempPath, targetPath, options.overwrite ?? true);
    await flushToDisk(dirname(targetPath), true).catch(() => undefined);
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
}

/** Writes `text` to `targetPath` atomically, as above: small reports (a claim file, a ledger, adjustments). */
export async function writeTextAtomically(targetPath: string, text: string, overwrite: boolean): Promise<void> {
  await writeAtomically(
    targetPath,
    async (tempPath) => {
      const output = createWriteStream(tempPath, { flags: 'wx' });
      output.end(text);
      await once(output, 'close');
    },
    { overwrite },
  );
}
