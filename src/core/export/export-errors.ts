/**
 * Turns whatever stopped an export into an AppError a person can act on: a full disk, a folder that cannot be
 * written, a file open in another program, an existing file the command was told not to replace. The sentence says
 * that nothing was written under the chosen name, because that is what the user worries about (E3).
 */
import { basename, dirname } from 'node:path';
import { AppError } from '../../shared/errors';

function fsMessage(code: string | undefined, targetPath: string): string | null {
  const file = basename(targetPath);
  const folder = dirname(targetPath);
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return `There is not enough space on the disk to write ${file}. Free some space or choose another folder.`;
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `Commission Desk may not write to ${folder}. Choose a folder you can write to.`;
    case 'ENOENT':
    case 'ENOTDIR':
      return `The folder ${folder} does not exist. Choose an existing folder.`;
    case 'EBUSY':
      return `${file} is open in another program. Close it there and export again.`;
    case 'EEXIST':
      return `${targetPath} already exists and was left as it is. Choose another name.`;
    case 'EISDIR':
      return `${targetPath} is a folder. Choose a file name.`;
    default:
      return null;
  }
}

/** The AppError for a failed export to `targetPath`; AppErrors (cancel, cache problems) pass through unchanged. */
export function exportFailure(error: unknown, targetPath: string): AppError {
  if (error instanceof AppError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const known = fsMessage(typeof code === 'string' ? code : undefined, targetPath);
  const detail =
    known ?? `The export could not be written (${error instanceof Error ? error.message : 'unknown error'}).`;
  const kept = code === 'EEXIST' ? '' : ' Nothing was written under the chosen name.';
  return new AppError('EXPORT_FAILED', `${detail}${kept}`, { cause: error });
}

/** The error an export stops with when it was cancelled. */
export function exportCancelled(): AppError {
  return new AppError('CANCELLED', 'The export was cancelled. Nothing was written under the chosen name.');
}
