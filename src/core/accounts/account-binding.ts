/**
 * What an account's secrets are bound to (S12): its address, its app id and the extra CA certificate it trusts. Read
 * from the account's record each time, so an edited settings file changes the binding and the secrets stay put.
 */
import { extraCaFingerprint } from '../service';
import type { CredentialBinding } from './account-credentials';
import type { AccountMeta } from './account-registry';

/** The binding the account's record asks for now. */
export function bindingOf(meta: Pick<AccountMeta, 'baseUrl' | 'appId' | 'extraCaPem'>): CredentialBinding {
  return { baseUrl: meta.baseUrl, appId: meta.appId, extraCa: extraCaFingerprint(meta.extraCaPem) };
}
