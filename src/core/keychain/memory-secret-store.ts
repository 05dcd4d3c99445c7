/**
 * Credentials held in main-process memory only: the fallback when no keychain is available (the
 * user continues for this session, nothing is written anywhere) and the fake for unit tests.
 */
import type { SecretStore } from './secret-store';

/** Creates an empty in-memory store. */
export function createMemorySecretStore(): SecretStore {
  const entries = new Map<string, string>();
  return {
    kind: 'memory',
    get: async (account) => entries.get(account) ?? null,
    set: async (account, secret) => {
      entries.set(account, secret);
    },
    delete: async (account) => entries.delete(account),
  };
}
