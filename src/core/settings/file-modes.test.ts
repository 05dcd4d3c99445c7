import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../../../test-support/cache-kit';
import { createConfSettingsStore } from './conf-settings-store';
import { PreferencesStore } from './preferences-store';

const modeOf = (path: string): number => statSync(path).mode & 0o777;

const folders: { remove: () => void }[] = [];
let savedUmask = 0;
// With umask 0 a file created without an explicit mode would be 0666 and a folder 0777: only explicit modes pass.
beforeAll(() => {
  savedUmask = process.umask(0);
});
afterAll(() => {
  process.umask(savedUmask);
});
afterEach(() => {
  for (const folder of folders.splice(0)) folder.remove();
});

function dataDir(): string {
  const folder = tempFolder('settings-modes');
  folders.push(folder);
  return join(folder.dir, 'Commission Desk');
}

describe.skipIf(process.platform === 'win32')('settings file modes', () => {
  it('S15: saving preferences creates the data folder 0700 and the settings file 0600, even under umask 0', () => {
    const dir = dataDir();
    const settings = createConfSettingsStore(dir);
    new PreferencesStore(settings).update({ theme: 'dark' });
    expect(modeOf(dir)).toBe(0o700);
    expect(settings.path).toBe(join(dir, 'config.json'));
    expect(modeOf(settings.path)).toBe(0o600);
  });

  it('S15: a data folder and settings file an older version left readable by others are made private', () => {
    const dir = dataDir();
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'config.json'), '{"preferences":{"theme":"light"}}', { mode: 0o644 });
    const settings = createConfSettingsStore(dir);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(settings.path)).toBe(0o600);
    expect(new PreferencesStore(settings).get().theme).toBe('light');
    new PreferencesStore(settings).update({ theme: 'dark' });
    expect(modeOf(settings.path)).toBe(0o600);
  });
});
