/**
 * The app as electron-vite builds it (main, preload and renderer bundles), in a folder of its own laid out like the
 * packaged app's root: `out/` beside `resources/icon.png`. The folder lies under node_modules/.cache so the main
 * bundle's packages resolve from the project's node_modules as they do from the app's, and so Node, not the test
 * runner, loads it.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** The project's root folder. */
export const PROJECT_ROOT = join(import.meta.dirname, '..');

/** One build of the app; `remove` deletes its folder. */
export interface BuiltApp {
  /** The app's root: `out/main`, `out/preload`, `out/renderer` and `resources/icon.png`. */
  root: string;
  remove(): void;
}

/** Builds the app into a new folder named after `label`; takes a few seconds. */
export function buildApp(label: string): BuiltApp {
  const cache = join(PROJECT_ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const root = mkdtempSync(join(cache, `${label}-`));
  execFileSync(
    process.execPath,
    [
      join(PROJECT_ROOT, 'node_modules/electron-vite/bin/electron-vite.js'),
      'build',
      '--outDir',
      join(root, 'out'),
      '--logLevel',
      'error',
    ],
    { cwd: PROJECT_ROOT, stdio: 'pipe' },
  );
  mkdirSync(join(root, 'resources'));
  copyFileSync(join(PROJECT_ROOT, 'resources/icon.png'), join(root, 'resources/icon.png'));
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
