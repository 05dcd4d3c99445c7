/**
 * What the app says about itself and its cache file: name and version, where the cache is and how big, clearing it,
 * and the redacted diagnostics text behind Settings → "Copy diagnostics".
 */
import type { AppInfo, CacheInfo, DiagnosticsReport } from '../../shared/ipc-contract';
import { collectDiagnostics, type DiagnosticsSource, type Logger } from '../log';
import type { CacheHolder } from './cache-holder';

/** What the app says about itself and its cache file. */
export interface AppInformation {
  info(): AppInfo;
  cacheInfo(): CacheInfo;
  /** Stops any sync and deletes every account's cached data. */
  clearCache(): Promise<CacheInfo>;
  diagnostics(): DiagnosticsReport;
}

/** What the information needs. */
export interface AppInformationDeps {
  appVersion: string;
  cache: CacheHolder;
  /** The open session's cache key, or null. */
  openAccount: () => string | null;
  /** Stops the running sync and waits for it to end. */
  stopSync: () => Promise<void>;
  /** What the diagnostics read besides the app's own information. */
  diagnosticsSource: () => Omit<DiagnosticsSource, 'app'>;
  logger: Logger;
}

/** Builds the information part of the app core. */
export function createAppInformation(deps: AppInformationDeps): AppInformation {
  const { cache } = deps;
  const info = (): AppInfo => ({
    name: 'Commission Desk',
    version: deps.appVersion,
    cache: { path: cache.path, notice: cache.notice, error: cache.error },
  });
  const cacheInfo = (): CacheInfo => {
    const key = deps.openAccount();
    const salesForAccount = key !== null && cache.error === null ? cache.get().countSales(key, {}) : 0;
    return { path: cache.path, sizeBytes: cache.sizeBytes(), salesForAccount };
  };
  return {
    info,
    cacheInfo,
    clearCache: async () => {
      await deps.stopSync();
      cache.get().clearAll();
      deps.logger.info('cache.cleared');
      return cacheInfo();
    },
    diagnostics: () => ({ text: collectDiagnostics({ ...deps.diagnosticsSource(), app: { info } }, deps.logger) }),
  };
}
