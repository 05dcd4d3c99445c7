/**
 * The app's own user-data folder, computed the way Electron computes `app.getPath('userData')` for the product name
 * "Commission Desk", so the headless command opens the same settings file (`config.json`) and sales cache
 * (`cache.sqlite`) as the app without Electron being loaded.
 */
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';

/** The product name Electron names the folder after (package.json `productName`). */
export const APP_FOLDER_NAME = 'Commission Desk';

/** The sales cache's file name in the data folder, as the app names it. */
export const CACHE_FILE_NAME = 'cache.sqlite';

/**
 * Linux `${XDG_CONFIG_HOME:-~/.config}/Commission Desk`, macOS `~/Library/Application Support/Commission Desk`,
 * Windows `%APPDATA%\Commission Desk`.
 */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32') return win32.join(env.APPDATA || win32.join(home, 'AppData', 'Roaming'), APP_FOLDER_NAME);
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', APP_FOLDER_NAME);
  return posix.join(env.XDG_CONFIG_HOME || posix.join(home, '.config'), APP_FOLDER_NAME);
}
