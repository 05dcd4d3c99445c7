/**
 * Writes a file so that the chosen name only ever holds a complete file (TESTPLAN E3): the content
 * goes to a temporary file beside the target, which is renamed into place only after the writer
 * finished. On any failure the temporary file is removed and an existing target is left untouched.
 */
import { randomBytes } from 'node:crypto';
import { rm, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Runs `write` against a temporary path and renames the result to `targetPath` when it succeeds. */
export async function writeAtomically(targetPath: string, write: (tempPath: string) => Promise<void>): Promise<void> {
  const tempPath = join(dirname(targetPath), `.${basename(targetPath)}.${randomBytes(6).toString('hex')}.partial`);
  try {
    await write(tempPath);
    await rename(tempPath, targetPath);
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
}
