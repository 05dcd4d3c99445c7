import { describe, expect, it } from 'vitest';
import { createMemorySettingsStore } from './conf-settings-store';
import { PreferencesStore } from './preferences-store';

describe('preferences', () => {
  it('starts from defaults and keeps per-account layouts apart', () => {
    const store = new PreferencesStore(createMemorySettingsStore());
    expect(store.get()).toEqual({ theme: 'auto', firstSyncDays: 30, trailingResyncDays: 60, accounts: {} });
    store.update({ theme: 'dark', account: { id: 'a', values: { columns: [{ id: 'reference', width: 160, visible: true }] } } });
    store.update({ account: { id: 'b', values: { sort: { column: 'commissionAmount', direction: 'desc' } } } });
    store.update({ account: { id: 'a', values: { datePreset: 'last30' } } });
    const prefs = store.get();
    expect(prefs.theme).toBe('dark');
    expect(prefs.accounts.a).toEqual({ columns: [{ id: 'reference', width: 160, visible: true }], datePreset: 'last30' });
    expect(prefs.accounts.b?.sort).toEqual({ column: 'commissionAmount', direction: 'desc' });
    store.forgetAccount('a');
    expect(store.get().accounts.a).toBeUndefined();
  });

  it('falls back to defaults when the file holds something invalid', () => {
    const settings = createMemorySettingsStore();
    settings.set('preferences', { theme: 'neon', accounts: 'nope' });
    expect(new PreferencesStore(settings).get().theme).toBe('auto');
  });
});
