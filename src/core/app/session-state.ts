/**
 * Who the app is talking to right now: nobody, the built-in demo service, or one of the user's
 * accounts. It owns the service client of the current session so every domain uses the same one,
 * and it is the only holder of credentials in memory. Account metadata lives in the registry,
 * secrets in the vault; this class keeps the two consistent.
 */
import { AppError, type AppErrorData } from '../../shared/errors';
import type { AccountSummary, SessionStatus } from '../../shared/ipc-contract';
import type { AccountMeta, AccountRegistry, CredentialVault } from '../accounts';
import { createDemoClient, DEMO_CREDENTIALS } from '../demo';
import type { Credentials, ServiceClient } from '../service';

/** What the session needs from its host. */
export interface SessionDeps {
  today: () => string;
  registry: AccountRegistry;
  vault: CredentialVault;
  /** Builds a client for a real account over the host's network transport. */
  connect: (baseUrl: string, credentials: Credentials) => ServiceClient;
}

type Active =
  | { kind: 'demo'; client: ServiceClient; credentials: Credentials }
  | { kind: 'account'; accountId: string; client: ServiceClient | null; credentials: Credentials | null; problem: AppErrorData | null };

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
export class SessionState {
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
    return { kind: 'account', signedIn: active.client !== null, account: summary(meta), problem: active.problem, accounts };
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

  /** Opens an account: credentials from the vault, or a problem to show when they cannot be had. */
  async open(accountId: string): Promise<SessionStatus> {
    const meta = this.requireAccount(accountId);
    this.deps.registry.setActive(accountId);
    try {
      const secrets = await this.deps.vault.load(accountId, meta.remembered);
      if (secrets === null) {
        this.active = { kind: 'account', accountId, client: null, credentials: null, problem: MISSING_CREDENTIALS };
      } else {
        this.activate(meta, { ...secrets, appId: meta.appId });
      }
    } catch (error) {
      const problem = error instanceof AppError ? error.toData() : MISSING_CREDENTIALS;
      this.active = { kind: 'account', accountId, client: null, credentials: null, problem };
    }
    return this.status();
  }

  /** Makes `meta` the active, signed-in account with `credentials`. */
  activate(meta: AccountMeta, credentials: Credentials): void {
    this.active = {
      kind: 'account',
      accountId: meta.id,
      client: this.deps.connect(meta.baseUrl, credentials),
      credentials,
      problem: null,
    };
    this.deps.registry.setActive(meta.id);
  }

  /** Forgets the active account's credentials if it is `accountId` (after sign-out). */
  forget(accountId: string): void {
    if (this.active?.kind === 'account' && this.active.accountId === accountId) this.active = null;
  }

  /** A 401 during use: stop using the credentials and ask for them again. */
  rejectCredentials(error: AppError): void {
    if (this.active?.kind !== 'account') return;
    this.active = { ...this.active, client: null, credentials: null, problem: error.toData() };
  }

  /** The client of the current session; NOT_SIGNED_IN (or the reason) when there is none. */
  client(): ServiceClient {
    const active = this.active;
    if (active === null) {
      throw new AppError('NOT_SIGNED_IN', 'No account is open. Connect your account or explore the demo data first.');
    }
    if (active.client === null) {
      const problem = active.kind === 'account' ? active.problem : null;
      throw new AppError('NOT_SIGNED_IN', problem?.message ?? MISSING_CREDENTIALS.message);
    }
    return active.client;
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
    if (!meta) throw new AppError('INVALID_INPUT', 'That account no longer exists. Choose another account or add it again.');
    return meta;
  }
}
