/**
 * Puts an account's api-key and api-secret in the keychain (one entry per account, value a small
 * JSON document) or, when the user chose to continue without a keychain, in main-process memory
 * for this session only. Reading validates the entry, so a foreign or damaged entry reads as "no
 * credentials" instead of a wrong header.
 *
 * Each entry also records the base URL and app id it was saved for (S12). The settings file that
 * holds an account's address can be edited by anyone who can write to it; if it no longer names the
 * service the secrets were entered for, reading refuses them, so they are never sent to another host.
 */
import { z } from 'zod';
import { AppError } from '../../shared/errors';
import type { SecretStore } from '../keychain';

const secretsSchema = z.strictObject({ apiKey: z.string().min(1), apiSecret: z.string().min(1) });
const boundSchema = secretsSchema.extend({
  baseUrl: z.string().min(1),
  appId: z.string().min(1),
  extraCa: z.string().max(128).optional(),
});

/** The secret part of an account's credentials. */
export type StoredSecrets = z.infer<typeof secretsSchema>;

/** The service the secrets were entered for: they may only be sent there. */
export interface CredentialBinding {
  baseUrl: string;
  appId: string;
  /**
   * Fingerprint of the extra CA certificate the account trusted when they were entered (see `extraCaFingerprint`);
   * null or absent when it trusted none. A certificate added to the settings file behind the user's back cannot
   * receive the secrets.
   */
  extraCa?: string | null;
}

function sameCa(a: CredentialBinding, b: CredentialBinding): boolean {
  return (a.extraCa ?? null) === (b.extraCa ?? null);
}

/** Stored secrets not handed out because the account's address or app id is not the one they were saved for. */
export class CredentialsAddressChangedError extends AppError {}

/** Why stored secrets were not handed out, as a sentence that says to sign in again. */
export function credentialsAddressChanged(
  savedFor: CredentialBinding | null,
  now: CredentialBinding,
): CredentialsAddressChangedError {
  const what =
    savedFor === null
      ? 'The saved API key and secret of this account do not record which service address they were entered for'
      : savedFor.baseUrl !== now.baseUrl
        ? `The address of this account changed from ${savedFor.baseUrl} to ${now.baseUrl} since its API key and secret were saved`
        : savedFor.appId !== now.appId
          ? `The app ID of this account changed from ${savedFor.appId} to ${now.appId} since its API key and secret were saved`
          : 'The extra certificate this account trusts changed since its API key and secret were saved';
  return new CredentialsAddressChangedError(
    'NOT_SIGNED_IN',
    `${what}, so they were not sent. Sign in again with the API key and secret for ${now.baseUrl}.`,
  );
}

function parseEntry(value: string): { secrets: StoredSecrets; savedFor: CredentialBinding | null } | null {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return null;
  }
  const bound = boundSchema.safeParse(json);
  if (bound.success) {
    const { apiKey, apiSecret, baseUrl, appId, extraCa } = bound.data;
    return { secrets: { apiKey, apiSecret }, savedFor: { baseUrl, appId, extraCa: extraCa ?? null } };
  }
  // An entry saved before entries recorded their service: where it was entered cannot be known (the settings may
  // have been edited since), so it is not trusted for any address and the user signs in again once.
  const legacy = secretsSchema.safeParse(json);
  return legacy.success ? { secrets: legacy.data, savedFor: null } : null;
}

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
  async save(
    accountId: string,
    secrets: StoredSecrets,
    boundTo: CredentialBinding,
    sessionOnly: boolean,
  ): Promise<void> {
    const extraCa = boundTo.extraCa ?? undefined;
    const value = JSON.stringify(
      boundSchema.parse({
        ...secrets,
        baseUrl: boundTo.baseUrl,
        appId: boundTo.appId,
        ...(extraCa ? { extraCa } : {}),
      }),
    );
    if (sessionOnly) {
      await this.memory.set(accountId, value);
      await this.keychain.delete(accountId).catch(() => false);
    } else {
      await this.keychain.set(accountId, value);
      await this.memory.delete(accountId);
    }
  }

  /**
   * Reads from memory first (this session), then the keychain; null when absent or unreadable. Throws
   * {@link credentialsAddressChanged} when the entry was saved for another base URL or app id than `boundTo`.
   */
  async load(accountId: string, remembered: boolean, boundTo: CredentialBinding): Promise<StoredSecrets | null> {
    const value = (await this.memory.get(accountId)) ?? (remembered ? await this.keychain.get(accountId) : null);
    const entry = value === null ? null : parseEntry(value);
    if (entry === null) return null;
    const { savedFor } = entry;
    if (
      savedFor === null ||
      savedFor.baseUrl !== boundTo.baseUrl ||
      savedFor.appId !== boundTo.appId ||
      !sameCa(savedFor, boundTo)
    ) {
      throw credentialsAddressChanged(savedFor, boundTo);
    }
    return entry.secrets;
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
