/**
 * Where account credentials live: behind this interface, so the app uses the OS keychain, tests
 * use a real Secret Service or an in-memory fake, and a machine without a keychain can fall back
 * to memory for one session (C3). Values are opaque strings to the store.
 */
export interface SecretStore {
  /** A short description for messages and diagnostics, e.g. "system keychain". */
  readonly kind: 'keychain' | 'memory';
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** Removes the entry; false when there was none. */
  delete(account: string): Promise<boolean>;
}

/** Keychain service names: distinct for development builds and tests so they never touch real entries. */
export const KEYCHAIN_SERVICE = {
  production: 'Commission Desk',
  development: 'Commission Desk (development)',
} as const;
