/**
 * The Electron-free heart of the main process: everything the IPC handlers call. Built from
 * injected dependencies (clock, settings store, keychain, network transport, cache path,
 * save-path chooser, logger), so the Electron app, the e2e test host and the headless command run
 * the same code and tests can hand it real local parts.
 */
import { localIsoDay } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { createAccountActions, type AccountActions, AccountRegistry, CredentialVault } from '../accounts';
import { DEMO_BASE_URL } from '../demo';
import {
  adjustmentsCsv,
  claimFileText,
  createAppExporter,
  writeYearWorkbookTo,
  type AppExporter,
  type ChooseExportPath,
} from '../export';
import type { Logger } from '../log';
import { createDesktopActions, createRecordingShell, type DesktopActions, type DesktopShell } from '../security';
import { createServiceClient, type Credentials, type FetchLike, type ServiceClient } from '../service';
import { createExtraCaTransports } from './extra-ca-transports';
import { PreferencesStore, type SettingsStore } from '../settings';
import { createSyncManager } from '../sync';
import { createMemorySecretStore, type SecretStore } from '../keychain';
import { createAppInformation, type AppInformation } from './app-information';
import { createAppSync, type AppSync } from './app-sync';
import { createBankReader, type BankReader } from './bank-reader';
import { openCacheHolder, START_CHECK_WITHIN_MS, type CacheHolder } from './cache-holder';
import { createProfileReader, type ProfileReader } from './profile-reader';
import { createSalesReader, type SalesReader } from './sales-reader';
import { comparisonCsv, createCompareReader, type CompareReader } from '../compare';
import type { CompareQuery } from '../../shared/compare';
import type { ExportResult } from '../../shared/ipc-contract';
import { createOverviewReader, type OverviewReader } from '../overview';
import { createBooksReader, type BooksReader } from '../books';
import { createPayoutReader, readPayouts, type PayoutReader } from '../payouts';
import { createYearReader } from '../fiscal-year';
import { buildLedger } from '../ledger';
import { fetchEcbRates, importRates } from '../rates';
import {
  homeConversionOf,
  homePayouts,
  homeTotal,
  isConversion,
  readHomeBridge,
  type HomeConversion,
  type HomeConversionGap,
  readHomeYear,
} from '../home-currency';
import type { HomeBridge } from '../../shared/bridge';
import type { HomePayouts } from '../../shared/payouts';
import type { DayRange } from '../../shared/dates';
import type { RatesStatus } from '../../shared/reference-rates';
import type { ImportRatesInput, LedgerExportQuery } from '../../shared/ipc-requests';
import type { HomeYear, YearQuery, YearSummary } from '../../shared/year-summary';
import {
  changeNews,
  createBackgroundSync,
  type BackgroundSync,
  type ScheduleTimers,
  type SyncNews,
} from './background-sync';
import { SessionState } from './session-state';
import { warmUpBrowsing } from './warm-up';

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
  /** Hears what a background sync brought (the app shows a notification and a badge). */
  onSyncNews?: (news: SyncNews) => void;
  /** Timers for the background schedule; Node's by default. */
  timers?: ScheduleTimers;
  /** The network transport for real accounts: Electron's net.fetch in the app, Node's in tests and the CLI. */
  fetch: FetchLike;
  /**
   * The transport for an account that trusts an extra CA certificate (Settings → Network): Node's TLS with the
   * system's roots plus that certificate by default, as the headless command's --ca-file does.
   */
  fetchTrusting?: (extraCaPem: string) => FetchLike;
  /** The SQLite sales cache file. */
  cachePath: string;
  /**
   * The start-up integrity check starts once the first sales page is answered, or this many ms after the cache opened
   * at the latest ({@link START_CHECK_WITHIN_MS} by default).
   */
  integrityCheckWithinMs?: number;
  /** Browser and file manager: Electron's shell in the app; absent elsewhere, where a recorder stands in. */
  shell?: DesktopShell;
}

/** The core's parts; the IPC handlers, the CLI and tests call them directly. */
export interface AppCore {
  /** Name, version, the cache's size and clearing, diagnostics. */
  app: AppInformation;
  /** Which account (or the demo) is open. */
  session: SessionState;
  accounts: AccountActions;
  profile: ProfileReader;
  /** Reads over the open session's cached sales. */
  sales: SalesReader;
  /** Payouts by payment date, what is owed and pending, from the cache. */
  payouts: PayoutReader & {
    exportClaimFile(): Promise<ExportResult>;
    /** A fiscal year's cash and accrual summary (B5), and its workbook. */
    year(query: YearQuery): YearSummary;
    exportYear(query: YearQuery): Promise<ExportResult>;
    /** That fiscal year in the home currency at the stored rates (L2), or what is missing for it. */
    homeYear(query: YearQuery): HomeYear;
    /** The period's payouts in the home currency at the stored rates (L2), or what is missing for them. */
    home(range: DayRange): HomePayouts;
    /** A currency's payouts of a period as a file a bookkeeping program imports (L3). */
    exportLedger(query: LedgerExportQuery): Promise<ExportResult>;
  };
  /** The books (B2, B3): the bridge of a period, closed months and their adjustments, from the cache. */
  books: BooksReader & {
    exportAdjustments(): Promise<ExportResult>;
    /** The bridge of a period in the home currency at the stored rates (L2), or what is missing for it. */
    homeBridge(range: DayRange): HomeBridge;
  };
  /** The reference rates stored in the cache (L1): what is there, and importing a rates file the user chose. */
  rates: {
    status(): RatesStatus | null;
    importFile(input: ImportRatesInput): RatesStatus;
    /** Fetches the table from the ECB; refused unless the user turned fetching on. */
    fetch(): Promise<RatesStatus>;
  };
  /** Bank statements matched to the payouts (L4). */
  bank: BankReader;
  /** Every saved account's standing, from the cache. */
  overview: OverviewReader;
  /** A period against the one before, with a breakdown, and its CSV. */
  compare: CompareReader & { exportCsv(query: CompareQuery): Promise<ExportResult> };
  sync: AppSync;
  /** Writes exports from the cache; one at a time. */
  export: AppExporter;
  preferences: PreferencesStore;
  /** Links to the browser and exported files to the file manager, through their policies. */
  desktop: DesktopActions;
  cache: CacheHolder;
  /** Routine syncs every few hours while the app runs; the host starts it with `reschedule()`. */
  background: BackgroundSync;
  /**
   * Readies the open account's browse index (see warm-up.ts). Call it once the window is created, after the current
   * task: its first sales query then finds the index in memory.
   */
  warmUp(): void;
  /** Stops background work and closes the cache. */
  close(): Promise<void>;
}

/** The reader, starting the cache's integrity check once a page has been answered (the first screen's rows are out). */
function checkingAfterFirstPage(reader: SalesReader, cache: CacheHolder): SalesReader {
  return {
    ...reader,
    page: (query) => {
      const page = reader.page(query);
      cache.checkSoon();
      return page;
    },
  };
}

/** Builds the core for one app run. */
export function createAppCore(deps: AppCoreDeps): AppCore {
  const now = deps.now ?? (() => new Date());
  const registry = new AccountRegistry(deps.settings, now);
  let background: BackgroundSync | null = null;
  const preferences = new PreferencesStore(deps.settings, (next, previous) => {
    if (next.backgroundSyncHours !== previous.backgroundSyncHours) background?.reschedule();
  });
  const vault = new CredentialVault(deps.keychain, createMemorySecretStore());
  const cache = openCacheHolder(deps.cachePath, now, deps.logger, {
    checkWithinMs: deps.integrityCheckWithinMs ?? START_CHECK_WITHIN_MS,
  });
  const desktop = createDesktopActions(deps.shell ?? createRecordingShell());
  const transports = createExtraCaTransports(deps.fetch, deps.fetchTrusting);
  const connect = (baseUrl: string, credentials: Credentials, extraCaPem?: string): ServiceClient =>
    createServiceClient({
      baseUrl,
      credentials,
      fetch: transports.forAccount(extraCaPem),
      onRetry: (event) => deps.logger.warn('service.retry', { ...event }),
    });
  const session = new SessionState({ today: deps.today, registry, vault, connect });
  const accounts = createAccountActions({
    session,
    registry,
    vault,
    connect,
    now,
    onSignedOut: async (accountId, deleteCachedSales) => {
      if (deleteCachedSales && cache.error === null) cache.get().forgetAccount(accountId);
      if (deleteCachedSales) preferences.forgetAccount(accountId);
      deps.logger.info('account.signed-out', { deleteCachedSales });
    },
  });
  const manager = createSyncManager({
    cache: () => cache.get(),
    today: deps.today,
    now,
    logger: deps.logger,
    onAuthRejected: (error) => session.rejectCredentials(error),
    trailingDays: () => preferences.get().trailingResyncDays,
    rotationDays: () => preferences.get().finalSalesRecheckDays,
  });

  /** The cache key of the open session; NOT_SIGNED_IN when nothing is open. */
  function account(): string {
    const key = session.cacheKey();
    if (key === null)
      throw new AppError('NOT_SIGNED_IN', 'No account is open. Connect your account or explore the demo data first.');
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

  function describeAccount(): { label: string; baseUrl: string } {
    const status = session.status();
    if (status.kind === 'account') return { label: status.account.label, baseUrl: status.account.baseUrl };
    return { label: status.kind === 'demo' ? status.label : 'account', baseUrl: DEMO_BASE_URL };
  }

  /** The conversion into the home currency the preferences ask for, or what is missing for it. */
  function homeConversion(): HomeConversion | HomeConversionGap {
    const prefs = preferences.get();
    const rule = { earned: prefs.earnedRateDay, received: prefs.receivedRateDay };
    return homeConversionOf(prefs.homeCurrency, rule, cache.get());
  }

  const exporter = createAppExporter({
    cache: () => cache.get(),
    account,
    describeAccount,
    describeAccounts: (ids) =>
      ids.map((id) => {
        const meta = registry.find(id);
        if (!meta)
          throw new AppError(
            'INVALID_INPUT',
            'An account chosen for this export no longer exists. Open All accounts again and export.',
          );
        return { key: meta.id, label: meta.label, baseUrl: meta.baseUrl };
      }),
    settings: deps.settings,
    chooseExportPath: deps.chooseExportPath,
    appVersion: deps.appVersion,
    now,
    logger: deps.logger,
    homeConversion,
  });
  const sync = createAppSync({
    manager,
    cache: () => cache.get(),
    client: () => session.client(),
    account,
    openAccount: () => session.cacheKey(),
    today: deps.today,
  });
  const comparisons = createCompareReader(() => cache.get(), account);
  const stopSync = async (): Promise<void> => {
    sync.cancel();
    await sync.idle();
  };

  /** One routine sync of the signed-in account, and what it brought; null when none could run or it did not finish. */
  async function routineWithNews(): Promise<SyncNews | null> {
    const status = session.status();
    if (status.kind !== 'account' || !status.signedIn || sync.status().running) return null;
    const key = status.account.id;
    const before = cache.get().countSales(key, {});
    sync.startRoutine();
    await sync.idle();
    if (sync.status().lastRun?.status !== 'completed' || session.cacheKey() !== key) return null;
    const newSales = Math.max(0, cache.get().countSales(key, {}) - before);
    return { accountLabel: status.account.label, newSales, ...changeNews(cache.get().changesSince(key, {})) };
  }
  background = createBackgroundSync({
    intervalHours: () => preferences.get().backgroundSyncHours,
    runOnce: routineWithNews,
    onNews: (news) => deps.onSyncNews?.(news),
    ...(deps.timers ? { timers: deps.timers } : {}),
    logger: deps.logger,
  });

  const books = createBooksReader(() => cache.get(), account, now);
  const years = createYearReader(
    () => cache.get(),
    account,
    () => ({ month: preferences.get().fiscalYearStartMonth, day: preferences.get().fiscalYearStartDay }),
    () => localIsoDay(now()),
  );

  return {
    app: createAppInformation({
      appVersion: deps.appVersion,
      cache,
      openAccount: () => session.cacheKey(),
      stopSync,
      diagnosticsSource: () => ({ session, sync }),
      logger: deps.logger,
    }),
    session,
    accounts,
    profile: createProfileReader({ cache, account, guarded, now }),
    sales: checkingAfterFirstPage(
      createSalesReader(() => cache.get(), account),
      cache,
    ),
    payouts: {
      ...createPayoutReader(() => cache.get(), account, now),
      exportClaimFile: async () => {
        const today = localIsoDay(now());
        const { text, sales } = claimFileText(cache.get(), account(), today);
        const filePath = await exporter.exportCsvReport(`commission-desk-claim-${today}.csv`, text);
        if (filePath !== null) desktop.rememberWrittenFile(filePath);
        return { filePath, format: 'csv', rowCount: filePath === null ? 0 : sales, dataAsOf: null };
      },
      year: (query) => years.read(query).summary,
      home: (range) => {
        const conversion = homeConversion();
        if (!isConversion(conversion)) return conversion;
        const { payouts } = readPayouts(cache.get(), account(), range, localIsoDay(now()));
        const converted = homePayouts(payouts, conversion);
        const { home, rule } = conversion;
        return { kind: 'converted', home, rule, payouts: converted, total: homeTotal(converted, home) };
      },
      exportLedger: async ({ format, currency, from, to, split }) => {
        const prefs = preferences.get();
        const ledger = buildLedger(cache.get(), {
          account: account(),
          currency,
          range: { from, to },
          today: localIsoDay(now()),
          format,
          dateFormat: prefs.ledgerDateFormat,
          payee: describeAccount().label,
          accounts: { bank: prefs.journalBankAccount, income: prefs.journalIncomeAccount },
          ...(split === undefined ? {} : { split }),
        });
        const [file, ...more] = ledger.files;
        if (file === undefined || more.length > 0)
          throw new AppError(
            'INVALID_INPUT',
            'This period has too many payouts for one file. Choose a shorter period.',
          );
        const filePath = await exporter.exportCsvReport(`commission-desk-${format}-${currency}-${from}.csv`, file.text);
        if (filePath !== null) desktop.rememberWrittenFile(filePath);
        return { filePath, format: 'csv', rowCount: filePath === null ? 0 : ledger.lines.length, dataAsOf: null };
      },
      homeYear: (query) => {
        const conversion = homeConversion();
        if (!isConversion(conversion)) return conversion;
        const { year } = years.read(query);
        const { home, rule } = conversion;
        return { kind: 'converted', home, rule, rows: readHomeYear(cache.get(), account(), year, conversion) };
      },
      exportYear: async (query) => {
        const { year, summary } = years.read(query);
        const name = `commission-desk-fiscal-year-${year.from}.xlsx`;
        // The workbook carries the converted figures whenever the screen shows them.
        const conversion = homeConversion();
        const converted = isConversion(conversion)
          ? { ...conversion, rows: readHomeYear(cache.get(), account(), year, conversion) }
          : undefined;
        const filePath = await exporter.exportReport(name, 'xlsx', (path) =>
          writeYearWorkbookTo(year, summary.rows, path, converted),
        );
        if (filePath !== null) desktop.rememberWrittenFile(filePath);
        return { filePath, format: 'xlsx', rowCount: filePath === null ? 0 : summary.rows.length, dataAsOf: null };
      },
    },
    books: {
      ...books,
      homeBridge: (range) => {
        const conversion = homeConversion();
        if (!isConversion(conversion)) return conversion;
        const { home, rule } = conversion;
        return { kind: 'converted', home, rule, rows: readHomeBridge(cache.get(), account(), range, conversion) };
      },
      exportAdjustments: async () => {
        const adjustments = books.adjustments();
        const name = `commission-desk-adjustments-${localIsoDay(now())}.csv`;
        const filePath = await exporter.exportCsvReport(name, adjustmentsCsv(adjustments));
        if (filePath !== null) desktop.rememberWrittenFile(filePath);
        return { filePath, format: 'csv', rowCount: filePath === null ? 0 : adjustments.length, dataAsOf: null };
      },
    },
    rates: {
      status: () => cache.get().ratesStatus(),
      importFile: ({ fileName, text }) =>
        importRates(cache.get(), text, { kind: 'file', origin: fileName, importedAt: now().toISOString() }),
      fetch: async () => {
        if (!preferences.get().ratesFetch)
          throw new AppError('INVALID_INPUT', 'Fetching rates from the ECB is off. Turn it on in Settings first.');
        return fetchEcbRates(cache.get(), deps.fetch, now());
      },
    },
    bank: createBankReader({
      cache: () => cache.get(),
      account,
      now,
      exportCsv: async (name, csv) => {
        const filePath = await exporter.exportCsvReport(name, csv);
        if (filePath !== null) desktop.rememberWrittenFile(filePath);
        return filePath;
      },
    }),
    overview: createOverviewReader(
      () => cache.get(),
      () => registry.list(),
      deps.today,
    ),
    compare: {
      ...comparisons,
      exportCsv: async (query) => {
        const comparison = comparisons.compare(query);
        const name = `commission-desk-${query.dimension}-${query.unit}-from-${query.from}.csv`;
        const filePath = await exporter.exportCsvReport(name, comparisonCsv(comparison, query.dimension));
        if (filePath !== null) desktop.rememberWrittenFile(filePath);
        return { filePath, format: 'csv', rowCount: filePath === null ? 0 : comparison.lines.length, dataAsOf: null };
      },
    },
    sync,
    // Remember what the export wrote, so "Show in folder" may reveal that file and no other.
    export: {
      ...exporter,
      exportSales: async (request) => {
        const result = await exporter.exportSales(request);
        if (result.filePath !== null) desktop.rememberWrittenFile(result.filePath);
        return result;
      },
    },
    preferences,
    desktop,
    cache,
    background,
    warmUp: () => warmUpBrowsing(cache, () => session.cacheKey(), deps.logger),
    close: async () => {
      background?.stop();
      await stopSync();
      transports.close();
      await cache.close();
    },
  };
}
