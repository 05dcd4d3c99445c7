/**
 * Who the app is talking to right now: nobody, the built-in demo service, or a real account. It
 * owns the service client of the current session so every domain uses the same one, and it is the
 * only holder of the credentials in memory.
 */
import { AppError } from '../../shared/errors';
import type { SessionStatus } from '../../shared/ipc-contract';
import { createDemoFetch, createDemoService, DEMO_BASE_URL, DEMO_CREDENTIALS } from '../demo/demo-fetch';
import { createServiceClient, type Credentials, type ServiceClient } from '../service/service-client';

interface Active {
  status: Exclude<SessionStatus, { kind: 'none' }>;
  client: ServiceClient;
  credentials: Credentials;
}

/** The current session; created once per app run. */
export class SessionState {
  private active: Active | null = null;

  constructor(private readonly today: () => string) {}

  /** What the renderer may know about the session. */
  status(): SessionStatus {
    return this.active?.status ?? { kind: 'none' };
  }

  /** Switches to the demo service (no network, no credentials of the user's). */
  startDemo(): SessionStatus {
    const fetch = createDemoFetch(createDemoService(this.today()));
    const client = createServiceClient({ baseUrl: DEMO_BASE_URL, credentials: DEMO_CREDENTIALS, fetch });
    this.active = { status: { kind: 'demo', label: 'Demo data' }, client, credentials: DEMO_CREDENTIALS };
    return this.status();
  }

  /** Forgets the current session and its in-memory credentials. */
  end(): SessionStatus {
    this.active = null;
    return this.status();
  }

  /** The client of the current session; NOT_SIGNED_IN when there is none. */
  client(): ServiceClient {
    if (!this.active) {
      throw new AppError('NOT_SIGNED_IN', 'No account is open. Connect your account or explore the demo data first.');
    }
    return this.active.client;
  }

  /** Secrets currently held, so logs can redact them. */
  secrets(): string[] {
    return this.active ? [this.active.credentials.apiSecret, this.active.credentials.apiKey] : [];
  }
}
