/**
 * What every command works on, built from the same core modules as the app: the settings file (through `conf`, in
 * the app's folder under the app's file name), the account registry, the keychain (same service name as the packaged
 * app), the sales cache file, and Node's HTTPS transport with the optional extra CA (`--ca-file`) — plus, for an
 * account that trusts an extra certificate of its own (Settings → Network in the app), a transport that trusts that
 * one too, so the command reaches every account the app reaches. Nothing imports Electron.
 */
import { join, resolve } from 'node:path';
import { localIsoDay } from '../shared/dates';
import { AccountRegistry, CredentialVault } from '../core/accounts';
import type { SalesCache } from '../core/cache';
import { createExtraCaTransports, openCacheHolder, type CacheHolder } from '../core/app';
import { createSilentLogger } from '../core/log';
import { createNodeFetch, readCaFile, type FetchLike, type NodeFetch } from '../core/service';
import { createConfSettingsStore, ensurePrivateFolder, PreferencesStore, type SettingsStore } from '../core/settings';
import { createKeytarSecretStore, createMemorySecretStore, KEYCHAIN_SERVICE } from '../core/keychain';
import type { GlobalOptions } from './cli-args';
import type { CliIo } from './cli-io';
import { CACHE_FILE_NAME, defaultDataDir } from './data-dir';

/** The parts a command uses. */
export interface CliContext {
  dataDir: string;
  settings: SettingsStore;
  registry: AccountRegistry;
  vault: CredentialVault;
  preferences: PreferencesStore;
  fetch: NodeFetch;
  /** The transport of an account trusting `extraCaPem` (its own extra certificate) besides `--ca-file`, if any. */
  fetchFor(extraCaPem: string | undefined): FetchLike;
  today(): string;
  now(): Date;
  /** The sales cache, opened on first use; throws its AppError when it cannot be opened. */
  cache(): SalesCache;
  close(): Promise<void>;
}

/** Opens the context of one run. */
export async function openCliContext(globals: GlobalOptions, io: CliIo): Promise<CliContext> {
  const now = (): Date => new Date();
  const dataDir = resolve(globals['data-dir'] ?? defaultDataDir());
  ensurePrivateFolder(dataDir);
  const settings = createConfSettingsStore(dataDir);
  const keychain = createKeytarSecretStore(globals['keychain-service'] ?? KEYCHAIN_SERVICE.production);
  const extraCaPem = globals['ca-file'] === undefined ? undefined : await readCaFile(globals['ca-file']);
  const fetch = createNodeFetch(extraCaPem === undefined ? {} : { extraCaPem });
  const transports = createExtraCaTransports(fetch, (accountPem) =>
    createNodeFetch({ extraCaPem: extraCaPem === undefined ? accountPem : `${extraCaPem}\n${accountPem}` }),
  );
  let holder: CacheHolder | null = null;
  return {
    dataDir,
    settings,
    registry: new AccountRegistry(settings, now),
    vault: new CredentialVault(keychain, createMemorySecretStore()),
    preferences: new PreferencesStore(settings),
    fetch,
    fetchFor: (accountPem) => transports.forAccount(accountPem),
    today: () => localIsoDay(now()),
    now,
    cache() {
      if (holder === null) {
        holder = openCacheHolder(join(dataDir, CACHE_FILE_NAME), now, createSilentLogger(), { browsing: false });
        if (holder.notice) io.stderr(`${holder.notice}\n`);
      }
      return holder.get();
    },
    async close() {
      transports.close();
      fetch.close();
      await holder?.close();
    },
  };
}
