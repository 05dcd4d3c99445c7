/**
 * Local view state: small choices about how a screen looks that are not worth a round trip to the main process (the
 * sales tab, the chart interval, a dismissed banner). Unlike the preferences the main process keeps in the settings
 * file (`preferences-context.tsx`), they live in the renderer's storage, per account where they are about an
 * account's data. Every read goes through a schema:
 * storage can hold anything, including values written by an older version.
 */

/** What a read needs of a zod schema (classic or mini): its safe parse. */
export interface LocalStateSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** The slice of the Web Storage API used here, so tests can pass a plain map. */
export interface LocalStateStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = 'commission-desk';

/** The storage key of a remembered value; `scope` is the account (or 'demo'), null for app-wide ones. */
export function localStateKey(scope: string | null, name: string): string {
  return scope === null ? `${PREFIX}:app:${name}` : `${PREFIX}:account:${scope}:${name}`;
}

/** The page's localStorage, or null where it is unavailable (then remembered values last until the window closes). */
export function browserStorage(): LocalStateStorage | null {
  try {
    const storage = globalThis.localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

/** Reads and checks a remembered value; null when absent, unreadable or not valid. */
export function readLocalState<T>(
  storage: LocalStateStorage | null,
  key: string,
  schema: LocalStateSchema<T>,
): T | null {
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

/** Stores a remembered value; false when storage refused it (full or disabled), which only means it is not remembered. */
export function writeLocalState(storage: LocalStateStorage | null, key: string, value: unknown): boolean {
  if (storage === null) return false;
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** Forgets a remembered value. */
export function removeLocalState(storage: LocalStateStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do: an unremovable value is simply kept.
  }
}
