/**
 * The Electron-free heart of the main process: everything the IPC handlers call. Built from
 * injected dependencies (clock, settings store, keychain, network transport, cache path,
 * save-path chooser, logger), so the Electron app, the e2e test host and the headless command run
 * the same code and tests can hand it real local parts.
 */
import { AppError } from '../../shared/errors';
import type {
  AppInfo,
  CacheInfo,
  ChangesRequest,
  ExportProgress,
  ExportRequest,
  ExportResult,
  ProfileView,
  SalesPage,
  SalesQuery,
  SessionStatus,
  SyncRequest,
} from '../../shared/ipc-contract';
import type { SalesFilter, SalesPageQuery, SeriesQuery, TopQuery } from '../../shared/sales-query';
import type { DistinctValues, SaleChange, SalesPageResult, SalesSummary, SeriesPoint, TopEntry } from '../../shared/sales-query-types';
import type { SyncStatus } from '../../shared/sync-progress';
import { createAccountActions, type AccountActions, AccountRegistry, CredentialVault } from '../accounts';
import { DEMO_BASE_URL } from '../demo';
import { createAppExporter, type ChooseExportPath } from '../export';
import type { Logger } from '../log';
import { createDesktopActions, createRecordingShell, type DesktopActions, type DesktopShell } from '../security';
import { createServiceClient, type Credentials, type FetchLike, type ServiceClient } from '../service';
import { PreferencesStore, type SettingsStore } from '../settings';
import { createSyncManager, type SyncManager } from '../sync';
import { createMemorySecretStore, type SecretStore } from '../keychain';
import { openCacheHolder, type CacheHolder } from './cache-holder';
import { SessionState } from './session-state';

/** What the core needs from its host. */
export interface AppCoreDeps {
  appVersion: string;
  /** Today as the user's local calendar day, `yyyy-mm-dd`. */
  today: () => string;
  now?: () => Date;
  /** Asks where to save an export (proposing a name, and the last export's folder); null when the user cancelled. */
  chooseExportPath: ChooseExportPath;
  logger: Logger;
  /** Small preferences: accounts, active account. */
  settings: SettingsStore;
  /** The OS keychain (or a stand-in in tests). */
  keychain: SecretStore;
  /** The network transport for real accounts: Electron's net.fetch in the app, Node's in tests and the CLI. */
  fetch: FetchLike;
  /** The SQLite sales cache file. */
  cachePath: string;
  /** Browser and file manager: Electron's shell in the app; absent elsewhere, where a recorder stands in. */
  shell?: DesktopShell;
}

/** The operations the IPC domains expose. */
export interface AppCore {
  appInfo(): AppInfo;
  session: SessionState;
  accounts: AccountActions;
  cache: CacheHolder;
  sync: SyncManager;
  getSession(): SessionStatus;
  getProfile(): Promise<ProfileView>;
  listSales(query: SalesQuery): Promise<SalesPage>;
  /** Exports from the cache to a file the user chooses; one at a time. */
  exportSales(request: ExportRequest): Promise<ExportResult>;
  /** The running (or last) export's progress, polled while `exportSales` runs. */
  exportProgress(): ExportProgress;
  /** Stops the running export; nothing is left under the chosen name. */
  cancelExport(): ExportProgress;
  querySales(query: SalesPageQuery): SalesPageResult;
  summarizeSales(filter: SalesFilter): SalesSummary;
  salesSeries(query: SeriesQuery): SeriesPoint[];
  topSales(query: TopQuery): TopEntry[];
  salesFilterValues(filter: SalesFilter): DistinctValues;
  salesChanges(request: ChangesRequest): SaleChange[];
  startSync(request: SyncRequest): SyncStatus;
  cancelSync(): SyncStatus;
  syncStatus(): SyncStatus;
  preferences: PreferencesStore;
  cacheInfo(): CacheInfo;
  clearCache(): Promise<CacheInfo>;
  /** Links to the browser and exported files to the file manager, through their policies. */
  desktop: DesktopActions;
  /** Stops background work and closes the cache. */
  close(): Promise<void>;
}

/** Failures after which the cached profile is shown instead: the service is unreachable or the account is signed out. */
const CACHE_FALLBACK_CODES = new Set(['NETWORK_OFFLINE', 'TIMEOUT', 'SERVER_ERROR', 'TLS_FAILURE', 'RATE_LIMITED', 'NOT_SIGNED_IN']);

/** Builds the core for one app run. */
export function createAppCore(deps: AppCoreDeps): AppCore {
  const now = deps.now ?? (() => new Date());
  const registry = new AccountRegistry(deps.settings, now);
  const preferences = new PreferencesStore(deps.settings);
  const vault = new CredentialVault(deps.keychain, createMemorySecretStore());
  const cache = openCacheHolder(deps.cachePath, now, deps.logger);
  const desktop = createDesktopActions(deps.shell ?? createRecordingShell());
  const connect = (baseUrl: string, credentials: Credentials): ServiceClient =>
    createServiceClient({ baseUrl, credentials, fetch: deps.fetch, onRetry: (event) => deps.logger.warn('service.retry', { ...event }) });
  const session = new SessionState({ today: deps.today, registry, vault, connect });
  const accounts = createAccountActions({
    session,
    registry,
    vault,
    connect,
    onSignedOut: async (accountId, deleteCachedSales) => {
      if (deleteCachedSales && cache.error === null) cache.get().forgetAccount(accountId);
      if (deleteCachedSales) preferences.forgetAccount(accountId);
      deps.logger.info('account.signed-out', { deleteCachedSales });
    },
  });
  const sync = createSyncManager({
    cache: () => cache.get(),
    today: deps.today,
    now,
    logger: deps.logger,
    onAuthRejected: (error) => session.rejectCredentials(error),
    trailingDays: () => preferences.get().trailingResyncDays,
  });

  /** The cache key of the open session; NOT_SIGNED_IN when nothing is open. */
  function account(): string {
    const key = session.cacheKey();
    if (key === null) throw new AppError('NOT_SIGNED_IN', 'No account is open. Connect your account or explore the demo data first.');
    return key;
  }

  /** Runs a call against the service; a 401 stops using the credentials and asks for them again. */
  async function guarded<T>(call: (client: ServiceClient) => Promise<T>): Promise<T> {
    try {
      return await call(session.client());
    } catch (error) {
      if (error instanceof AppError && error.code === 'AUTH_INVALID') session.rejectCredentials(error);
      throw error;
    }
  }

  const exporter = createAppExporter({
    cache: () => cache.get(),
    account,
    describeAccount: () => {
      const status = session.status();
      if (status.kind === 'account') return { label: status.account.label, baseUrl: status.account.baseUrl };
      return { label: status.kind === 'demo' ? status.label : 'account', baseUrl: DEMO_BASE_URL };
    },
    settings: deps.settings,
    chooseExportPath: deps.chooseExportPath,
    appVersion: deps.appVersion,
    now,
    logger: deps.logger,
  });

  /** The profile from the service, saved to the cache; the cached copy when the service cannot be reached. */
  async function getProfile(): Promise<ProfileView> {
    const key = account();
    try {
      const profile = await guarded((client) => client.getProfile());
      const fetchedAt = now();
      if (cache.error === null) cache.get().saveProfile(key, profile, fetchedAt);
      return { profile, fetchedAt: fetchedAt.toISOString(), fromCache: false, reason: null };
    } catch (error) {
      const cached = cache.error === null ? cache.get().profile(key) : null;
      const usable = error instanceof AppError && CACHE_FALLBACK_CODES.has(error.code);
      if (!cached || !usable) throw error;
      return { ...cached, fromCache: true, reason: error.toData() };
    }
  }

  function salesChanges(request: ChangesRequest): SaleChange[] {
    const key = account();
    const since = request.since ?? cache.get().lastSyncRun(key, 'completed')?.startedAt;
    if (since === undefined) return [];
    return cache.get().changesSince(key, { since, limit: request.limit ?? 1000 });
  }

  function cacheInfo(): CacheInfo {
    const key = session.cacheKey();
    const salesForAccount = key !== null && cache.error === null ? cache.get().countSales(key, {}) : 0;
    return { path: cache.path, sizeBytes: cache.sizeBytes(), salesForAccount };
  }

  async function clearCache(): Promise<CacheInfo> {
    sync.cancel();
    await sync.idle();
    cache.get().clearAll();
    deps.logger.info('cache.cleared');
    return cacheInfo();
  }

  return {
    appInfo: () => ({ name: 'Commission Desk', version: deps.appVersion, cache: { path: cache.path, notice: cache.notice, error: cache.error } }),
    session,
    accounts,
    cache,
    sync,
    getSession: () => session.status(),
    getProfile,
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
    // Remember what the export wrote, so "Show in folder" may reveal that file and no other.
    exportSales: async (request) => {
      const result = await exporter.exportSales(request);
      if (result.filePath !== null) desktop.rememberWrittenFile(result.filePath);
      return result;
    },
    exportProgress: () => exporter.progress(),
    cancelExport: () => exporter.cancel(),
    querySales: (query) => cache.get().salesPage(account(), query),
    summarizeSales: (filter) => cache.get().summary(account(), filter),
    salesSeries: (query) => cache.get().series(account(), query),
    topSales: (query) => cache.get().topEntries(account(), query),
    salesFilterValues: (filter) => cache.get().distinctValues(account(), filter),
    salesChanges,
    startSync: (request) => sync.start(session.client(), { account: account(), from: request.from, to: request.to, refresh: request.refresh ?? false }),
    cancelSync: () => sync.cancel(),
    syncStatus: () => sync.status(session.cacheKey()),
    preferences,
    cacheInfo,
    clearCache,
    desktop,
    close: async () => {
      sync.cancel();
      await sync.idle();
      cache.close();
    },
  };
}
