/**
 * The app's {@link SettingsStore} on electron-store, in the user-data folder under the same file
 * name the headless command opens with `conf`, so both see the same accounts and preferences.
 */
import Store from 'electron-store';
import { SETTINGS_FILE_NAME, SETTINGS_FILE_OPTIONS, tightenMode, type SettingsStore } from '../core/settings';

/** Opens the app's settings file. */
export function createElectronSettingsStore(): SettingsStore {
  const store = new Store<Record<string, unknown>>({
    name: SETTINGS_FILE_NAME,
    accessPropertiesByDotNotation: false,
    clearInvalidConfig: true,
    ...SETTINGS_FILE_OPTIONS,
  });
  // A file written by an older version keeps its mode until it is written again: make it private now (S15).
  tightenMode(store.path);
  return {
    path: store.path,
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}
