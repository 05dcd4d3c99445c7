/**
 * The account operations behind the sign-in screen and the account switcher: test a connection
 * before anything is saved, add an account (secret to the keychain, or memory for this session
 * when the user chose so), switch, enter credentials again after a 401, and sign out.
 */
import { AppError } from '../../shared/errors';
import type {
  AddAccountInput,
  ConnectionForm,
  ConnectionPreview,
  ReauthenticateInput,
  RenameAccountInput,
  SessionStatus,
  SignOutInput,
} from '../../shared/ipc-contract';
import type { SessionState } from '../app';
import { parseBaseUrl, type Credentials, type ServiceClient } from '../service';
import { maskApiKey, type AccountRegistry } from './account-registry';
import type { CredentialVault } from './account-credentials';

/** What the account actions need. */
export interface AccountActionsDeps {
  session: SessionState;
  registry: AccountRegistry;
  vault: CredentialVault;
  connect: (baseUrl: string, credentials: Credentials) => ServiceClient;
  /** Called after an account's credentials were removed; deletes its cached sales when asked. */
  onSignedOut: (accountId: string, deleteCachedSales: boolean) => Promise<void>;
}

/** The account operations exposed over IPC. */
export interface AccountActions {
  testConnection(form: ConnectionForm): Promise<ConnectionPreview>;
  addAccount(input: AddAccountInput): Promise<SessionStatus>;
  switchAccount(accountId: string): Promise<SessionStatus>;
  reauthenticate(input: ReauthenticateInput): Promise<SessionStatus>;
  signOut(input: SignOutInput): Promise<SessionStatus>;
  /** Changes an account's label only: its keychain entry and cached sales stay where they are. */
  rename(input: RenameAccountInput): SessionStatus;
}

function credentialsOf(form: ConnectionForm): Credentials {
  return { apiKey: form.apiKey, apiSecret: form.apiSecret, appId: form.appId };
}

function defaultLabel(preview: ConnectionPreview, baseUrl: string): string {
  return (preview.profileName ?? preview.userName ?? new URL(baseUrl).host).slice(0, 100);
}

/** Builds the account operations on the session, registry and vault. */
export function createAccountActions(deps: AccountActionsDeps): AccountActions {
  async function testConnection(form: ConnectionForm): Promise<ConnectionPreview> {
    const baseUrl = parseBaseUrl(form.baseUrl);
    const profile = await deps.connect(baseUrl, credentialsOf(form)).getProfile();
    return { profileName: profile.profileName, userName: profile.userName, avatar: profile.avatar };
  }

  async function addAccount(input: AddAccountInput): Promise<SessionStatus> {
    const baseUrl = parseBaseUrl(input.baseUrl);
    const preview = await testConnection({ ...input, baseUrl });
    const meta = deps.registry.add({
      label: input.label || defaultLabel(preview, baseUrl),
      baseUrl,
      appId: input.appId,
      apiKeyMasked: maskApiKey(input.apiKey),
      remembered: !input.sessionOnly,
    });
    try {
      await deps.vault.save(meta.id, { apiKey: input.apiKey, apiSecret: input.apiSecret }, { baseUrl, appId: input.appId }, input.sessionOnly);
    } catch (error) {
      deps.registry.remove(meta.id);
      throw error;
    }
    deps.session.activate(meta, credentialsOf(input));
    return deps.session.status();
  }

  async function reauthenticate(input: ReauthenticateInput): Promise<SessionStatus> {
    const meta = deps.registry.find(input.accountId);
    if (!meta) throw new AppError('INVALID_INPUT', 'That account no longer exists. Add it again.');
    let apiKey = input.apiKey;
    if (!apiKey) {
      // The stored key is reused only for the address and app id it was saved for; otherwise it must be typed again.
      const stored = await deps.vault.load(meta.id, meta.remembered, { baseUrl: meta.baseUrl, appId: input.appId }).catch(() => null);
      if (!stored) throw new AppError('INVALID_INPUT', 'Enter the API key too: the stored one could not be read.');
      apiKey = stored.apiKey;
    }
    const credentials: Credentials = { apiKey, apiSecret: input.apiSecret, appId: input.appId };
    await testConnection({ baseUrl: meta.baseUrl, ...credentials });
    await deps.vault.save(meta.id, { apiKey, apiSecret: input.apiSecret }, { baseUrl: meta.baseUrl, appId: input.appId }, input.sessionOnly);
    const patch = { appId: input.appId, apiKeyMasked: maskApiKey(apiKey), remembered: !input.sessionOnly, signedOutAt: null };
    const updated = deps.registry.update(meta.id, patch) ?? meta;
    deps.session.activate(updated, credentials);
    return deps.session.status();
  }

  async function signOut(input: SignOutInput): Promise<SessionStatus> {
    const meta = deps.registry.find(input.accountId);
    if (!meta) return deps.session.status();
    await deps.vault.remove(meta.id, meta.remembered);
    deps.session.forget(meta.id);
    await deps.onSignedOut(meta.id, input.deleteCachedSales);
    if (input.deleteCachedSales) deps.registry.remove(meta.id);
    else deps.registry.markSignedOut(meta.id);
    deps.registry.setActive(null);
    return deps.session.status();
  }

  function rename(input: RenameAccountInput): SessionStatus {
    if (!deps.registry.update(input.accountId, { label: input.label })) {
      throw new AppError('INVALID_INPUT', 'That account no longer exists, so it could not be renamed.');
    }
    return deps.session.status();
  }

  return {
    testConnection,
    addAccount,
    switchAccount: (accountId) => deps.session.open(accountId),
    reauthenticate,
    signOut,
    rename,
  };
}
