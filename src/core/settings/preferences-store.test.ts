import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_REMEMBERED_ACCOUNTS, preferencesPatchSchema } from '../../shared/preferences';
import { createMemorySettingsStore } from './conf-settings-store';
import { PreferencesStore } from './preferences-store';

const A = '6f1c2a9e-3b7d-4e8f-9a10-2b3c4d5e6f70';
const B = '0b6e1f4c-8d2a-4c3b-9e5f-7a1d2c3b4e5f';

describe('preferences', () => {
  it('starts from defaults and keeps per-account layouts apart', () => {
    const store = new PreferencesStore(createMemorySettingsStore());
    expect(store.get()).toEqual({
      theme: 'auto',
      firstSyncDays: 30,
      trailingResyncDays: 60,
      finalSalesRecheckDays: 30,
      backgroundSyncHours: 6,
      fiscalYearStartMonth: 1,
      fiscalYearStartDay: 1,
      homeCurrency: null,
      ratesFetch: false,
      earnedRateDay: 'own-day',
      receivedRateDay: 'own-day',
      ledgerDateFormat: 'dd/mm/yyyy',
      journalBankAccount: 'Bank',
      journalIncomeAccount: 'Affiliate commission income',
      accounts: {},
    });
    store.update({
      theme: 'dark',
      account: { id: A, values: { columns: [{ id: 'reference', width: 160, visible: true }] } },
    });
    store.update({ account: { id: B, values: { sort: { column: 'commissionAmount', direction: 'desc' } } } });
    store.update({ account: { id: A, values: { datePreset: 'last30' } } });
    store.update({ account: { id: 'demo', values: { datePreset: 'thisMonth' } } });
    store.update({ fiscalYearStartMonth: 4 });
    const prefs = store.get();
    expect(prefs.theme).toBe('dark');
    expect(prefs.fiscalYearStartMonth).toBe(4);
    expect(prefs.accounts[A]).toEqual({
      columns: [{ id: 'reference', width: 160, visible: true }],
      datePreset: 'last30',
    });
    expect(prefs.accounts[B]?.sort).toEqual({ column: 'commissionAmount', direction: 'desc' });
    expect(prefs.accounts.demo?.datePreset).toBe('thisMonth');
    store.forgetAccount(A);
    expect(store.get().accounts[A]).toBeUndefined();
  });

  it('falls back to defaults when the file holds something invalid', () => {
    const settings = createMemorySettingsStore();
    settings.set('preferences', { theme: 'neon', accounts: 'nope' });
    expect(new PreferencesStore(settings).get().theme).toBe('auto');
  });

  it('S17: a change naming an unknown preference, an account that is not an account id or demo, or an oversized value is refused', () => {
    const refused = [
      { admin: true },
      { theme: 'dark', windowTitle: 'x' },
      { account: { id: 'x', values: {} } },
      { account: { id: '__proto__', values: {} } },
      { account: { id: 'a'.repeat(100_000), values: {} } },
      { account: { id: A, values: { hidden: true } } },
      { account: { id: A, values: { datePreset: 'x'.repeat(41) } } },
      { account: { id: A, values: { datePreset: '<img src=x>' } } },
      {
        account: {
          id: A,
          values: { columns: Array.from({ length: 61 }, () => ({ id: 'reference', width: 100, visible: true })) },
        },
      },
      { account: { id: A, values: { columns: [{ id: 'x'.repeat(41), width: 100, visible: true }] } } },
      { account: { id: A, values: { columns: [{ id: 'reference', width: 1e9, visible: true }] } } },
      { account: { id: A, values: { filter: { text: 'x'.repeat(201) } } } },
      { firstSyncDays: 1e9 },
      { fiscalYearStartMonth: 0 },
      { fiscalYearStartMonth: 13 },
      { fiscalYearStartDay: 29 },
      { fiscalYearStartMonth: 4.5 },
      { fiscalYearStartMonth: '4' },
    ];
    for (const patch of refused)
      expect(preferencesPatchSchema.safeParse(patch).success, JSON.stringify(patch).slice(0, 80)).toBe(false);
  });

  it('S17: at most 100 accounts are remembered, the longest-remembered forgotten first', () => {
    const store = new PreferencesStore(createMemorySettingsStore());
    const ids = Array.from({ length: MAX_REMEMBERED_ACCOUNTS + 5 }, () => randomUUID());
    for (const id of ids) store.update({ account: { id, values: { datePreset: 'last7' } } });
    const kept = Object.keys(store.get().accounts);
    expect(kept).toHaveLength(MAX_REMEMBERED_ACCOUNTS);
    expect(kept).toEqual(ids.slice(5));
    store.update({ account: { id: ids[5] ?? '', values: { datePreset: 'last90' } } });
    expect(Object.keys(store.get().accounts)).toHaveLength(MAX_REMEMBERED_ACCOUNTS);
  });

  it('S17: a settings file edited to hold unknown keys, a huge account map or oversized values gives the defaults', () => {
    const tampered = [
      { theme: 'dark', injected: 'x' },
      { accounts: Object.fromEntries(Array.from({ length: MAX_REMEMBERED_ACCOUNTS + 1 }, () => [randomUUID(), {}])) },
      { accounts: { 'not-an-account': {} } },
      { accounts: { [A]: { columns: [{ id: 'reference', width: 160, visible: true, extra: 1 }] } } },
      { accounts: { [A]: { filter: { subids: Array.from({ length: 501 }, (_, i) => `s${i}`) } } } },
    ];
    for (const value of tampered) {
      const settings = createMemorySettingsStore();
      settings.set('preferences', value);
      expect(new PreferencesStore(settings).get()).toEqual({
        theme: 'auto',
        firstSyncDays: 30,
        trailingResyncDays: 60,
        finalSalesRecheckDays: 30,
        backgroundSyncHours: 6,
        fiscalYearStartMonth: 1,
        fiscalYearStartDay: 1,
        homeCurrency: null,
        ratesFetch: false,
        earnedRateDay: 'own-day',
        receivedRateDay: 'own-day',
        ledgerDateFormat: 'dd/mm/yyyy',
        journalBankAccount: 'Bank',
        journalIncomeAccount: 'Affiliate commission income',
        accounts: {},
      });
    }
  });
});
