/**
 * The preferences the main process keeps in the settings file (theme, sync windows, and per account the table's
 * columns, sort and filters), loaded once at start and shared by every screen. Changes apply on screen at once and
 * are saved in the background; the saved copy that comes back replaces the optimistic one. The theme is also
 * applied through Mantine (which mirrors it in local storage so the next start paints in the right colours).
 */
import { useMantineColorScheme } from '@mantine/core';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import { DEFAULT_PREFERENCES } from '../../../shared/preference-rules';
import type { AccountPreferences, Preferences, PreferencesPatch } from '../../../shared/preferences';
import { save } from './bridge';
import { errorTitle } from './error-title';
import { startRequest, takeArrivedStartAnswer } from './start-requests';
import { notify } from './notify';

/** What screens can read and change. */
export interface PreferencesController {
  /** The preferences; defaults until the saved ones have loaded. */
  prefs: Preferences;
  /** False until the saved preferences have been read (or could not be). */
  loaded: boolean;
  /** Why they could not be read or saved, if so. */
  error: AppErrorData | null;
  update: (patch: PreferencesPatch) => void;
  /** The remembered view of one account (or 'demo'). */
  account: (scope: string) => AccountPreferences;
  updateAccount: (scope: string, values: AccountPreferences) => void;
}

const NO_ACCOUNT_PREFERENCES: AccountPreferences = Object.freeze({});
const PreferencesContext = createContext<PreferencesController | null>(null);

/** The shared preferences. */
export function usePreferences(): PreferencesController {
  const controller = useContext(PreferencesContext);
  if (controller === null) throw new Error('usePreferences must be used inside <PreferencesProvider>');
  return controller;
}

function applyPatch(prefs: Preferences, patch: PreferencesPatch): Preferences {
  const { account, ...top } = patch;
  const next: Preferences = { ...prefs, ...Object.fromEntries(Object.entries(top).filter(([, v]) => v !== undefined)) };
  if (account)
    next.accounts = { ...prefs.accounts, [account.id]: { ...prefs.accounts[account.id], ...account.values } };
  return next;
}

/** Loads the preferences and provides {@link usePreferences}. */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  // Started with the saved preferences when they arrived before the first render (see main.tsx).
  const [arrived] = useState(() => takeArrivedStartAnswer('getPreferences'));
  const [prefs, setPrefs] = useState<Preferences>(arrived?.ok ? arrived.value : DEFAULT_PREFERENCES);
  const [loaded, setLoaded] = useState(arrived !== undefined);
  const [error, setError] = useState<AppErrorData | null>(arrived?.ok === false ? arrived.error : null);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  /** Saves not yet answered: only the answer to the last one replaces what is on screen. */
  const pending = useRef(0);

  useEffect(() => {
    if (arrived !== undefined) return undefined;
    let current = true;
    void startRequest('getPreferences').then((result) => {
      if (!current) return;
      if (result.ok) setPrefs(result.value);
      else setError(result.error);
      setLoaded(true);
    });
    return () => {
      current = false;
    };
  }, [arrived]);

  // The saved theme wins over the locally mirrored one (e.g. the first start with another settings folder).
  const appliedTheme = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded || appliedTheme.current === prefs.theme) return;
    appliedTheme.current = prefs.theme;
    if (prefs.theme !== colorScheme) setColorScheme(prefs.theme);
  }, [loaded, prefs.theme, colorScheme, setColorScheme]);

  const update = useCallback((patch: PreferencesPatch) => {
    setPrefs((current) => applyPatch(current, patch));
    pending.current += 1;
    // Saves go one after another (see `save`), so an older answer never overwrites a newer change.
    void save('updatePreferences', patch).then((result) => {
      pending.current -= 1;
      if (!result.ok) {
        setError(result.error);
        notify({
          kind: 'preferences',
          tone: 'error',
          title: errorTitle(result.error.code),
          message: `Your preference could not be saved: ${result.error.message}`,
        });
      } else if (pending.current === 0) {
        setPrefs(result.value);
      }
    });
  }, []);

  const account = useCallback((scope: string) => prefs.accounts[scope] ?? NO_ACCOUNT_PREFERENCES, [prefs.accounts]);
  const updateAccount = useCallback(
    (scope: string, values: AccountPreferences) => update({ account: { id: scope, values } }),
    [update],
  );

  const value = useMemo<PreferencesController>(
    () => ({ prefs, loaded, error, update, account, updateAccount }),
    [prefs, loaded, error, update, account, updateAccount],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}
