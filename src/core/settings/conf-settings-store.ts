/**
 * The Node implementation of {@link SettingsStore} on `conf`, pointed at the app's data folder
 * and electron-store's default file name, so the headless command and the e2e test host read and
 * write the same settings file as the app. The folder and the file are private to the user (S15).
 */
import Conf from 'conf';
import { ensurePrivateFolder, tightenMode } from './private-files';
import { SETTINGS_FILE_OPTIONS, SETTINGS_FILE_NAME, type SettingsStore } from './settings-store';

/** Opens (or creates) the settings file in `dataDir`, the app's data folder. */
export function createConfSettingsStore(dataDir: string): SettingsStore {
  ensurePrivateFolder(dataDir);
  const conf = new Conf<Record<string, unknown>>({
    cwd: dataDir,
    configName: SETTINGS_FILE_NAME,
    projectName: 'commission-desk',
    accessPropertiesByDotNotation: false,
    clearInvalidConfig: true,
    ...SETTINGS_FILE_OPTIONS,
  });
  tightenMode(conf.path);
  return {
    path: conf.path,
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key),
  };
}

/** An in-memory store for unit tests. */
export function createMemorySettingsStore(): SettingsStore {
  const values = new Map<string, unknown>();
  return {
    path: ':memory:',
    get: (key) => values.get(key),
    set: (key, value) => {
      values.set(key, structuredClone(value));
    },
    delete: (key) => {
      values.delete(key);
    },
  };
}
