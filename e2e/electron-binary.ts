/**
 * Finds the Electron binary without importing `electron` (which throws when the binary was never
 * downloaded), so the electron project can skip with a clear message instead of failing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Path of the Electron executable, or null when it is not installed on this machine. */
export function electronBinaryPath(): string | null {
  try {
    const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const pathFile = join(dir, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/** Why the electron project is skipped here. */
export const ELECTRON_MISSING_MESSAGE =
  'Electron binary not installed on this machine (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1, its download host is unreachable). ' +
  'These tests run wherever `npm install` could download Electron.';
