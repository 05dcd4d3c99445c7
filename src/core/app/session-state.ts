/**
 * Who the app is talking to right now: nobody, the built-in demo service, or one of the user's
 * accounts. It owns the service client of the current session so every domain uses the same one,
 * and it is the only holder of credentials in memory. Account metadata lives in the registry,
 * secrets in the vault; this class keeps the two consistent. An account whose credentials cannot
 * be had (no keychain, a locked one, session-only, signed out) still opens, read-only: its cache
 * key works, only its client is missing (T7). Only credentials the service refused (401) close the
 * cache until they are entered again.
 */
import { AppError, type AppErrorData } from '../../shared/errors';
import type { AccountSummary, ReadOnlyReason, SessionStatus } from '../../shared/ipc-contract';
import {
  bindingOf,
  credentialsNeededToSync,
  CredentialsAddressChangedError,
  readOnlyReason,
  type AccountMeta,
  type AccountRegistry,
  type AccountSession,
  type CredentialVault,
  type StoredSecrets,
} from '../accounts';
import { createDemoClient, DEMO_CREDENTIALS } from '../demo';
import { keychainUnavailable } from '../keychain';
import type { Credentials, ServiceClient } from '../service';

/** What the session needs from its host. */
export interface SessionDeps {
  today: () => string;
  registry: AccountRegistry;
  vault: CredentialVault;
  /** Builds a client for a real account over the host's network transport, trusting its extra CA when it has one. */
  connect: (baseUrl: string, credentials: Credentials, extraCaPem?: string) => ServiceClient;
}

type Active =
  | { kind: 'demo'; client: ServiceClient; credentials: Credentials }
  | {
      kind: 'account';
      accountId: string;
      client: ServiceClient | null;
      credentials: Credentials | null;
      problem: AppErrorData | null;
      readOnly: ReadOnlyReason | null;
    };

/**
 * What opening an account found: its secrets, or why it opens read-only, or (readOnly null) why the user must sign in
 * again before it can be used, as after a 401.
 */
type Opening = { secrets: StoredSecrets } | { problem: AppErrorData; readOnly: ReadOnlyReason | null };

function summary(meta: AccountMeta): AccountSummary {
  return {
    id: meta.id,
    label: meta.label,
    baseUrl: meta.baseUrl,
    appId: meta.appId,
    apiKeyMasked: meta.apiKeyMasked,
    remembered: meta.remembered,
    lastUsedAt: meta.lastUsedAt,
  };
}

const MISSING_CREDENTIALS: AppErrorData = {
  code: 'NOT_SIGNED_IN',
  message: 'Enter your API secret to sign in to this account again.',
};

/** The current session; created once per app run. */
export class SessionState implements AccountSession {
  private active: Active | null = null;

  constructor(private readonly deps: SessionDeps) {}

  /** What the renderer may know about the session. */
  status(): SessionStatus {
    const accounts = this.deps.registry.list().map(summary);
    const active = this.active;
    if (active === null) return { kind: 'none', accounts };
    if (active.kind === 'demo') return { kind: 'demo', label: 'Demo data', accounts };
    const meta = this.deps.registry.find(active.accountId);
    if (!meta) return { kind: 'none', accounts };
    return {
      kind: 'account',
      signedIn: active.client !== null,
      account: summary(meta),
      problem: active.problem,
      readOnly: active.readOnly,
      accounts,
    };
  }

  /** Switches to the demo service (no network, no credentials of the user's). */
  startDemo(): SessionStatus {
    const client = createDemoClient(this.deps.today());
    this.active = { kind: 'demo', client, credentials: DEMO_CREDENTIALS };
    this.deps.registry.setActive(null);
    return this.status();
  }

  /** Leaves the demo or the account view for the welcome screen; signs nothing out. */
  end(): SessionStatus {
    this.active = null;
    this.deps.registry.setActive(null);
    return this.status();
  }

  /** Opens the account remembered as active at the last run, if any. */
  async restore(): Promise<SessionStatus> {
    const id = this.deps.registry.activeId();
    return id === null ? this.status() : this.open(id);
  }

  /** Opens an account: signed in with credentials from the vault, or read-only with the reason they cannot be had. */
  async open(accountId: string): Promise<SessionStatus> {
    const meta = this.requireAccount(accountId);
    this.deps.registry.setActive(accountId);
    const opening = await this.readCredentials(meta);
    if ('secrets' in opening) this.activate(meta, { ...opening.secrets, appId: meta.appId });
    else this.active = { kind: 'account', accountId, client: null, credentials: null, ...opening };
    return this.status();
  }

  private async readCredentials(meta: AccountMeta): Promise<Opening> {
    const missing = (cause: ReadOnlyReason['cause']): Opening => {
      const readOnly = readOnlyReason(cause);
      return { problem: { ...MISSING_CREDENTIALS, message: readOnly.message }, readOnly };
    };
    if (meta.signedOutAt) return missing('signed-out');
    try {
      const secrets = await this.deps.vault.load(meta.id, meta.remembered, bindingOf(meta));
      if (secrets !== null) return { secrets };
      return missing(meta.remembered ? 'not-in-keychain' : 'not-remembered');
    } catch (error) {
      // The settings name another service than the one the secrets were entered for (S12): nothing is sent and the
      // account waits for credentials entered for its new address.
      if (error instanceof CredentialsAddressChangedError) return { problem: error.toData(), readOnly: null };
      const problem =
        error instanceof AppError && error.code === 'KEYCHAIN_UNAVAILABLE' ? error : keychainUnavailable(error);
      return { problem: problem.toData(), readOnly: readOnlyReason('keychain-unavailable') };
    }
  }

  /** Makes `meta` the active, signed-in account with `credentials`. */
  activate(meta: AccountMeta, credentials: Credentials): void {
    this.active = {
      kind: 'account',
      accountId: meta.id,
      client: this.deps.connect(meta.baseUrl, credentials, meta.extraCaPem),
      credentials,
      problem: null,
      readOnly: null,
    };
    this.deps.registry.setActive(meta.id);
  }

  /**
   * After the account's record changed (its extra CA): the open session builds its client again from the record, or
   * opens the account afresh when it had no credentials, so the change applies to the next request. Other accounts are
   * read from their record when they open.
   */
  async reconnect(accountId: string): Promise<void> {
    const active = this.active;
    if (active?.kind !== 'account' || active.accountId !== accountId) return;
    const meta = this.requireAccount(accountId);
    if (active.credentials !== null) this.activate(meta, active.credentials);
    // Refused credentials (a 401) stay refused until the user enters them again.
    else if (active.problem?.code !== 'AUTH_INVALID') await this.open(accountId);
  }

  /** Forgets the active account's credentials if it is `accountId` (after sign-out). */
  forget(accountId: string): void {
    if (this.active?.kind === 'account' && this.active.accountId === accountId) this.active = null;
  }

  /** A 401 during use: stop using the credentials and ask for them again (not read-only: the key was refused). */
  rejectCredentials(error: AppError): void {
    if (this.active?.kind !== 'account') return;
    this.active = { ...this.active, client: null, credentials: null, problem: error.toData(), readOnly: null };
  }

  /** The client of the current session; NOT_SIGNED_IN saying what to do when there is none (read-only, refused). */
  client(): ServiceClient {
    const active = this.active;
    if (active === null) {
      throw new AppError('NOT_SIGNED_IN', 'No account is open. Connect your account or explore the demo data first.');
    }
    if (active.client !== null) return active.client;
    if (active.kind === 'account' && active.readOnly !== null) throw credentialsNeededToSync(active.readOnly);
    const problem = active.kind === 'account' ? active.problem : null;
    throw new AppError('NOT_SIGNED_IN', problem?.message ?? MISSING_CREDENTIALS.message);
  }

  /** The id under which the current session's data is cached: an account id, or 'demo'. */
  cacheKey(): string | null {
    if (this.active === null) return null;
    return this.active.kind === 'demo' ? 'demo' : this.active.accountId;
  }

  /** The account id of the active account session, if any. */
  activeAccountId(): string | null {
    return this.active?.kind === 'account' ? this.active.accountId : null;
  }

  /** Secrets currently held, so logs can redact them. */
  secrets(): string[] {
    const credentials = this.active?.credentials;
    return credentials ? [credentials.apiSecret, credentials.apiKey] : [];
  }

  private requireAccount(accountId: string): AccountMeta {
    const meta = this.deps.registry.find(accountId);
    if (!meta)
      throw new AppError('INVALID_INPUT', 'That account no longer exists. Choose another account or add it again.');
    return meta;
  }
}
