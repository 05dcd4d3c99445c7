/**
 * Small preferences (accounts list, active account, window state, last filters) behind an
 * interface: electron-store in the app, `conf` (electron-store's own base, same folder and file
 * name) in Node and the headless command, so both share one settings file. Never holds a secret
 * and never the sales cache.
 */
export interface SettingsStore {
  /** Path of the settings file, for diagnostics and tests. */
  readonly path: string;
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** The settings file name, without extension, shared by the app and the headless command. */
export const SETTINGS_FILE_NAME = 'config';

/**
 * Options both stores (electron-store in the app, `conf` in Node) open the settings file with: every write creates
 * the file 0600 and sets that mode on a file already there (S15).
 */
export const SETTINGS_FILE_OPTIONS = { configFileMode: 0o600 } as const;
