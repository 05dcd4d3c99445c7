/**
 * UI preferences (theme aside, which Mantine keeps itself): column layout, filters, sort, chart interval, the
 * first-sync window. They are small, not secret and only about how the screen looks, so they live in the
 * renderer's storage, per account where they are about an account's data. Every read goes through a schema:
 * storage can hold anything, including values written by an older version.
 */
import type { z } from 'zod';

/** The slice of the Web Storage API used here, so tests can pass a plain map. */
export interface PreferenceStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = 'commission-desk';

/** The storage key of a preference; `scope` is the account (or 'demo'), null for app-wide ones. */
export function preferenceKey(scope: string | null, name: string): string {
  return scope === null ? `${PREFIX}:app:${name}` : `${PREFIX}:account:${scope}:${name}`;
}

/** The page's localStorage, or null where it is unavailable (then preferences last until the window closes). */
export function browserStorage(): PreferenceStorage | null {
  try {
    const storage = globalThis.localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

/** Reads and checks a preference; null when absent, unreadable or not valid. */
export function readPreference<T>(storage: PreferenceStorage | null, key: string, schema: z.ZodType<T>): T | null {
  if (storage === null) return null;
  try {
    const raw = storage.getItem(key);
    if (raw === null) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Stores a preference; false when storage refused it (full or disabled), which only means it is not remembered. */
export function writePreference(storage: PreferenceStorage | null, key: string, value: unknown): boolean {
  if (storage === null) return false;
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** Forgets a preference. */
export function removePreference(storage: PreferenceStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do: an unremovable preference is simply kept.
  }
}
