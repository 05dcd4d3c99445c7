/**
 * The list of accounts the user added, without secrets: label, base URL, app-id, the api-key
 * masked to its last 4 characters, created and last-used times, and which one is active. Kept in
 * the settings file and parsed with zod when read, so a hand-edited or damaged file cannot crash
 * the app or smuggle in odd values.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { SettingsStore } from '../settings';

/** One account's non-secret metadata. */
export const accountMetaSchema = z.object({
  id: z.string().uuid(),
  label: z.string().min(1).max(100),
  baseUrl: z.string().url(),
  appId: z.string().min(1).max(200),
  apiKeyMasked: z.string().max(20),
  remembered: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** When the user signed out keeping the cached sales; the account then opens read-only until credentials are entered. */
  signedOutAt: z.string().nullable().optional(),
  /** Extra CA certificates (PEM) this account's requests trust besides the system's, for networks that inspect TLS. */
  extraCaPem: z.string().max(65_536).optional(),
});
export type AccountMeta = z.infer<typeof accountMetaSchema>;

const ACCOUNTS_KEY = 'accounts';
const ACTIVE_KEY = 'activeAccountId';

/** Masks an api-key to its last 4 characters, e.g. `…a1b2`; short keys show nothing. */
export function maskApiKey(apiKey: string): string {
  return apiKey.length <= 4 ? '…' : `…${apiKey.slice(-4)}`;
}

/** Reads and writes the account list in the settings store. */
export class AccountRegistry {
  constructor(
    private readonly settings: SettingsStore,
    private readonly now: () => Date,
  ) {}

  /** All accounts, newest-used first; entries that fail validation are dropped. */
  list(): AccountMeta[] {
    const raw = this.settings.get(ACCOUNTS_KEY);
    const items = Array.isArray(raw) ? raw : [];
    return items.flatMap((item) => {
      const parsed = accountMetaSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  }

  /** One account by id. */
  find(id: string): AccountMeta | undefined {
    return this.list().find((a) => a.id === id);
  }

  /** Adds an account and returns it. */
  add(input: Omit<AccountMeta, 'id' | 'createdAt' | 'lastUsedAt'>): AccountMeta {
    const account: AccountMeta = { ...input, id: randomUUID(), createdAt: this.now().toISOString(), lastUsedAt: null };
    this.save([...this.list(), account]);
    return account;
  }

  /** Replaces fields of an account. */
  update(id: string, patch: Partial<Omit<AccountMeta, 'id' | 'createdAt'>>): AccountMeta | undefined {
    let updated: AccountMeta | undefined;
    this.save(
      this.list().map((a) => {
        if (a.id !== id) return a;
        updated = { ...a, ...patch };
        return updated;
      }),
    );
    return updated;
  }

  /** Records that the user signed out keeping the cached sales; entering credentials again clears it. */
  markSignedOut(id: string): void {
    this.update(id, { remembered: true, signedOutAt: this.now().toISOString() });
  }

  /** Removes an account; clears it as active. */
  remove(id: string): void {
    this.save(this.list().filter((a) => a.id !== id));
    if (this.activeId() === id) this.settings.delete(ACTIVE_KEY);
  }

  /** The remembered active account id, if it still exists. */
  activeId(): string | null {
    const id = this.settings.get(ACTIVE_KEY);
    return typeof id === 'string' && this.find(id) ? id : null;
  }

  /** Remembers the active account (or none) and stamps its last-used time. */
  setActive(id: string | null): void {
    if (id === null) {
      this.settings.delete(ACTIVE_KEY);
      return;
    }
    this.settings.set(ACTIVE_KEY, id);
    this.update(id, { lastUsedAt: this.now().toISOString() });
  }

  private save(accounts: AccountMeta[]): void {
    this.settings.set(ACCOUNTS_KEY, accounts);
  }
}
