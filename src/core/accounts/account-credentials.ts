/**
 * Puts an account's api-key and api-secret in the keychain (one entry per account, value a small
 * JSON document) or, when the user chose to continue without a keychain, in main-process memory
 * for this session only. Reading validates the entry, so a foreign or damaged entry reads as "no
 * credentials" instead of a wrong header.
 */
import { z } from 'zod';
import type { SecretStore } from '../keychain';

const storedSchema = z.strictObject({ apiKey: z.string().min(1), apiSecret: z.string().min(1) });

/** The secret part of an account's credentials. */
export type StoredSecrets = z.infer<typeof storedSchema>;

/** Keychain first, memory as the session-only fallback. */
export class CredentialVault {
  constructor(
    private readonly keychain: SecretStore,
    private readonly memory: SecretStore,
  ) {}

  /**
   * Stores in the keychain, or in memory when `sessionOnly`; keychain errors propagate. The other place is cleared,
   * so an older copy can neither be read instead of the new one nor outlive a later sign-out.
   */
  async save(accountId: string, secrets: StoredSecrets, sessionOnly: boolean): Promise<void> {
    const value = JSON.stringify(storedSchema.parse(secrets));
    if (sessionOnly) {
      await this.memory.set(accountId, value);
      await this.keychain.delete(accountId).catch(() => false);
    } else {
      await this.keychain.set(accountId, value);
      await this.memory.delete(accountId);
    }
  }

  /** Reads from memory first (this session), then the keychain; null when absent or unreadable. */
  async load(accountId: string, remembered: boolean): Promise<StoredSecrets | null> {
    const value = (await this.memory.get(accountId)) ?? (remembered ? await this.keychain.get(accountId) : null);
    if (value === null) return null;
    try {
      const parsed = storedSchema.safeParse(JSON.parse(value));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /**
   * Deletes from both places; true when the keychain entry existed. The keychain is asked even for an account kept
   * in memory (an entry saved before may still be there), but only a remembered account's keychain errors propagate.
   */
  async remove(accountId: string, remembered: boolean): Promise<boolean> {
    await this.memory.delete(accountId);
    if (remembered) return this.keychain.delete(accountId);
    return this.keychain.delete(accountId).catch(() => false);
  }
}
