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
import { checkExtraCa, parseBaseUrl, type Credentials, type ServiceClient } from '../service';
import { bindingOf } from './account-binding';
import { maskApiKey, type AccountRegistry } from './account-registry';
import type { CredentialVault } from './account-credentials';
import type { AccountSession } from './account-session';
import { createExtraCaActions, type ExtraCaActions } from './account-extra-ca';

/** What the account actions need. */
export interface AccountActionsDeps {
  session: AccountSession;
  registry: AccountRegistry;
  vault: CredentialVault;
  /** A client for `baseUrl`, trusting `extraCaPem` besides the system's certificates when given. */
  connect: (baseUrl: string, credentials: Credentials, extraCaPem?: string) => ServiceClient;
  /** The clock certificates are checked against; the system's by default. */
  now?: () => Date;
  /** Called after an account's credentials were removed; deletes its cached sales when asked. */
  onSignedOut: (accountId: string, deleteCachedSales: boolean) => Promise<void>;
}

/** The account operations exposed over IPC. */
export interface AccountActions extends ExtraCaActions {
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
  const now = deps.now ?? (() => new Date());

  /** The typed certificate, checked and normalised; undefined when none was given. */
  function extraCaOf(form: ConnectionForm): string | undefined {
    return form.extraCaPem === undefined ? undefined : checkExtraCa(form.extraCaPem, now()).pem;
  }

  async function preview(
    baseUrl: string,
    credentials: Credentials,
    extraCaPem: string | undefined,
  ): Promise<ConnectionPreview> {
    const profile = await deps.connect(baseUrl, credentials, extraCaPem).getProfile();
    return { profileName: profile.profileName, userName: profile.userName, avatar: profile.avatar };
  }

  async function testConnection(form: ConnectionForm): Promise<ConnectionPreview> {
    return preview(parseBaseUrl(form.baseUrl), credentialsOf(form), extraCaOf(form));
  }

  async function addAccount(input: AddAccountInput): Promise<SessionStatus> {
    const baseUrl = parseBaseUrl(input.baseUrl);
    const extraCaPem = extraCaOf(input);
    const profile = await preview(baseUrl, credentialsOf(input), extraCaPem);
    const meta = deps.registry.add({
      label: input.label || defaultLabel(profile, baseUrl),
      baseUrl,
      appId: input.appId,
      apiKeyMasked: maskApiKey(input.apiKey),
      remembered: !input.sessionOnly,
      ...(extraCaPem === undefined ? {} : { extraCaPem }),
    });
    try {
      await deps.vault.save(
        meta.id,
        { apiKey: input.apiKey, apiSecret: input.apiSecret },
        bindingOf(meta),
        input.sessionOnly,
      );
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
      const stored = await deps.vault
        .load(meta.id, meta.remembered, bindingOf({ ...meta, appId: input.appId }))
        .catch(() => null);
      if (!stored) throw new AppError('INVALID_INPUT', 'Enter the API key too: the stored one could not be read.');
      apiKey = stored.apiKey;
    }
    const credentials: Credentials = { apiKey, apiSecret: input.apiSecret, appId: input.appId };
    await preview(meta.baseUrl, credentials, meta.extraCaPem);
    await deps.vault.save(
      meta.id,
      { apiKey, apiSecret: input.apiSecret },
      bindingOf({ ...meta, appId: input.appId }),
      input.sessionOnly,
    );
    const patch = {
      appId: input.appId,
      apiKeyMasked: maskApiKey(apiKey),
      remembered: !input.sessionOnly,
      signedOutAt: null,
    };
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
    ...createExtraCaActions({ session: deps.session, registry: deps.registry, vault: deps.vault, now }),
    testConnection,
    addAccount,
    switchAccount: (accountId) => deps.session.open(accountId),
    reauthenticate,
    signOut,
    rename,
  };
}
