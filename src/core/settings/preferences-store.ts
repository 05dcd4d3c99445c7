/**
 * Reads and updates {@link Preferences} in the settings store. Whatever is in the file is parsed;
 * a field that fails validation falls back to its default rather than reaching the renderer.
 */
import {
  MAX_REMEMBERED_ACCOUNTS,
  preferencesSchema,
  type AccountPreferences,
  type Preferences,
  type PreferencesPatch,
} from '../../shared/preferences';
import type { SettingsStore } from './settings-store';

const KEY = 'preferences';

/** `accounts` with one entry updated field by field; a new entry beyond the cap forgets the oldest remembered ones. */
function withAccount(
  accounts: Preferences['accounts'],
  id: string,
  values: AccountPreferences,
): Preferences['accounts'] {
  const kept = Object.entries(accounts);
  if (!Object.hasOwn(accounts, id)) kept.splice(0, Math.max(0, kept.length - MAX_REMEMBERED_ACCOUNTS + 1));
  return { ...Object.fromEntries(kept), [id]: { ...accounts[id], ...values } };
}

/** The preferences in `settings`. */
export class PreferencesStore {
  /** `onChange` hears every update with the preferences before and after it. */
  constructor(
    private readonly settings: SettingsStore,
    private readonly onChange: (next: Preferences, previous: Preferences) => void = () => undefined,
  ) {}

  /** The current preferences, defaults filled in. */
  get(): Preferences {
    const parsed = preferencesSchema.safeParse(this.settings.get(KEY) ?? {});
    return parsed.success ? parsed.data : preferencesSchema.parse({});
  }

  /** Applies a patch and returns the result. */
  update(patch: PreferencesPatch): Preferences {
    const current = this.get();
    const { account, ...top } = patch;
    const next: Preferences = {
      ...current,
      ...Object.fromEntries(Object.entries(top).filter(([, v]) => v !== undefined)),
    };
    if (account) next.accounts = withAccount(current.accounts, account.id, account.values);
    const checked = preferencesSchema.parse(next);
    this.settings.set(KEY, checked);
    this.onChange(checked, current);
    return checked;
  }

  /** Drops an account's remembered layout and filters (when the account is removed). */
  forgetAccount(id: string): void {
    const current = this.get();
    if (!(id in current.accounts)) return;
    const accounts = { ...current.accounts };
    delete accounts[id];
    this.settings.set(KEY, { ...current, accounts });
  }
}
