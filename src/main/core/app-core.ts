/**
 * The Electron-free heart of the main process: everything the IPC handlers call. Built from
 * injected dependencies (clock, settings store, keychain, network transport, save-path chooser,
 * logger), so the Electron app, the e2e test host and the headless command run the same code
 * and tests can hand it real local parts.
 */
import type { Profile } from '../../shared/domain';
import { AppError } from '../../shared/errors';
import type { AppInfo, ExportRequest, ExportResult, SalesPage, SalesQuery, SessionStatus } from '../../shared/ipc-contract';
import { createAccountActions, type AccountActions } from '../accounts/account-actions';
import { AccountRegistry } from '../accounts/account-registry';
import { CredentialVault } from '../accounts/credential-vault';
import { writeSalesXlsx } from '../export/sales-xlsx';
import type { Logger } from '../log/logger';
import { walkSalesPages } from '../service/page-iterator';
import { createServiceClient, type Credentials, type FetchLike, type ServiceClient } from '../service/service-client';
import type { SettingsStore } from '../settings/settings-store';
import { createMemorySecretStore } from '../vault/memory-secret-store';
import type { SecretStore } from '../vault/secret-store';
import { SessionState } from './session-state';

/** What the core needs from its host. */
export interface AppCoreDeps {
  appVersion: string;
  /** Today as the user's local calendar day, `yyyy-mm-dd`. */
  today: () => string;
  now?: () => Date;
  /** Asks where to save an export; null when the user cancelled. */
  chooseExportPath: (proposedName: string) => Promise<string | null>;
  logger: Logger;
  /** Small preferences: accounts, active account. */
  settings: SettingsStore;
  /** The OS keychain (or a stand-in in tests). */
  keychain: SecretStore;
  /** The network transport for real accounts: Electron's net.fetch in the app, Node's in tests and the CLI. */
  fetch: FetchLike;
}

/** The operations the IPC domains expose. */
export interface AppCore {
  appInfo(): AppInfo;
  session: SessionState;
  accounts: AccountActions;
  getSession(): SessionStatus;
  getProfile(): Promise<Profile>;
  listSales(query: SalesQuery): Promise<SalesPage>;
  exportSales(request: ExportRequest): Promise<ExportResult>;
}

function fileSafe(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'account';
}

/** Builds the core for one app run. */
export function createAppCore(deps: AppCoreDeps): AppCore {
  const now = deps.now ?? (() => new Date());
  const registry = new AccountRegistry(deps.settings, now);
  const vault = new CredentialVault(deps.keychain, createMemorySecretStore());
  const connect = (baseUrl: string, credentials: Credentials): ServiceClient =>
    createServiceClient({ baseUrl, credentials, fetch: deps.fetch, onRetry: (event) => deps.logger.warn('service.retry', { ...event }) });
  const session = new SessionState({ today: deps.today, registry, vault, connect });
  const accounts = createAccountActions({
    session,
    registry,
    vault,
    connect,
    onSignedOut: async (accountId, deleteCachedSales) => deps.logger.info('account.signed-out', { accountId, deleteCachedSales }),
  });

  /** Runs a call against the service; a 401 stops using the credentials and asks for them again. */
  async function guarded<T>(call: (client: ServiceClient) => Promise<T>): Promise<T> {
    try {
      return await call(session.client());
    } catch (error) {
      if (error instanceof AppError && error.code === 'AUTH_INVALID') session.rejectCredentials(error);
      throw error;
    }
  }

  async function exportSales(request: ExportRequest): Promise<ExportResult> {
    const status = session.status();
    const label = status.kind === 'account' ? status.account.label : status.kind === 'demo' ? status.label : 'account';
    const proposed = `commission-desk-${fileSafe(label)}-${request.startDate}-to-${request.endDate}.xlsx`;
    const client = session.client();
    const filePath = await deps.chooseExportPath(proposed);
    if (filePath === null) return { filePath: null, rowCount: 0, warningCount: 0 };
    let warningCount = 0;
    async function* sales() {
      for await (const batch of walkSalesPages(client, request, { limit: 100 })) {
        warningCount += batch.warnings.length;
        yield* batch.sales;
      }
    }
    const rowCount = await guarded(() => writeSalesXlsx(filePath, sales()));
    deps.logger.info('export.written', { rowCount, warningCount });
    return { filePath, rowCount, warningCount };
  }

  return {
    appInfo: () => ({ name: 'Commission Desk', version: deps.appVersion }),
    session,
    accounts,
    getSession: () => session.status(),
    getProfile: () => guarded((client) => client.getProfile()),
    listSales: (query) =>
      guarded(async (client) => {
        const { page, limit, ...filter } = query;
        const parsed = await client.getSalesPage(filter, { page, limit });
        return {
          sales: parsed.sales,
          page,
          limit,
          hasMore: parsed.nextPage !== null && parsed.rawCount >= limit,
          totalHint: parsed.totalHint,
          warnings: parsed.warnings,
        };
      }),
    exportSales,
  };
}
