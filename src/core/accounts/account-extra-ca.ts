/**
 * An account's extra CA certificate (Settings → Network): read, trusted and removed. The certificate is not a secret,
 * so it lives in the account's record; what guards it is the binding of the account's secrets, which records the
 * certificate they were entered under. Changing the certificate here re-binds the stored secrets (the user asked for
 * it), and the open session reconnects at once so the next sync uses it.
 */
import { AppError } from '../../shared/errors';
import type { ExtraCaInfo, TrustExtraCaInput } from '../../shared/ipc-contract';
import { checkExtraCa, describeExtraCa } from '../service';
import { bindingOf } from './account-binding';
import type { CredentialVault } from './account-credentials';
import type { AccountSession } from './account-session';
import type { AccountMeta, AccountRegistry } from './account-registry';

/** What the certificate actions need. */
export interface ExtraCaDeps {
  session: AccountSession;
  registry: AccountRegistry;
  vault: CredentialVault;
  now: () => Date;
}

/** The certificate actions exposed over IPC. */
export interface ExtraCaActions {
  /** The account's extra certificates, or null when it trusts only the system's. */
  extraCa(accountId: string): ExtraCaInfo | null;
  /** Checks and stores `pem` for the account; INVALID_INPUT with a plain reason when it cannot be trusted. */
  trustExtraCa(input: TrustExtraCaInput): Promise<ExtraCaInfo>;
  /** Goes back to the system's certificates only. */
  removeExtraCa(accountId: string): Promise<null>;
}

/** Builds the certificate actions. */
export function createExtraCaActions(deps: ExtraCaDeps): ExtraCaActions {
  function account(accountId: string): AccountMeta {
    const meta = deps.registry.find(accountId);
    if (!meta)
      throw new AppError(
        'INVALID_INPUT',
        'That account no longer exists, so its network settings could not be changed.',
      );
    return meta;
  }

  /** Stores the new certificate (or none) and moves the stored secrets to the new binding. */
  async function replace(meta: AccountMeta, extraCaPem: string | undefined): Promise<void> {
    const before = bindingOf(meta);
    const after = bindingOf({ ...meta, extraCaPem });
    // Secrets that cannot be read now (no keychain, entered for another address) stay as they are: the account then
    // asks for them again, which is what it would have done anyway.
    const secrets = await deps.vault.load(meta.id, meta.remembered, before).catch(() => null);
    if (secrets !== null) await deps.vault.save(meta.id, secrets, after, !meta.remembered).catch(() => undefined);
    deps.registry.update(meta.id, { extraCaPem });
    await deps.session.reconnect(meta.id);
  }

  return {
    extraCa(accountId) {
      const pem = account(accountId).extraCaPem;
      return pem === undefined ? null : describeExtraCa(pem, deps.now());
    },
    async trustExtraCa({ accountId, pem }) {
      const meta = account(accountId);
      const checked = checkExtraCa(pem, deps.now());
      await replace(meta, checked.pem);
      return checked.info;
    },
    async removeExtraCa(accountId) {
      await replace(account(accountId), undefined);
      return null;
    },
  };
}
