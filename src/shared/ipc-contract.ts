/**
 * The IPC contract: one table with, per bridge method, its channel, the zod schema its input must pass in the main
 * process and the type of the value it returns. Everything else is derived from it: the channel allowlist the preload
 * exposes, the bridge type the renderer calls, the handler table the core must fill and the registration. Adding a
 * channel means one entry here plus one handler in `src/core/ipc/ipc-handlers.ts`.
 */
import { z } from 'zod';
import type { IpcResult } from './errors';
import {
  accountRefSchema,
  addAccountSchema,
  connectionFormSchema,
  exportRequestSchema,
  openExternalSchema,
  openFileSchema,
  overdueQuerySchema,
  bankMatchSchema,
  bankRangeSchema,
  bankStatementSchema,
  importRatesSchema,
  ledgerExportSchema,
  monthSchema,
  payoutRangeSchema,
  reauthenticateSchema,
  renameAccountSchema,
  showInFolderSchema,
  signOutSchema,
  syncRequestSchema,
  trustExtraCaSchema,
} from './ipc-requests';
import type { BridgeRow, HomeBridge } from './bridge';
import type { Adjustment, ClosedMonth } from './closed-month';
import type { MatchReport, StatementMatch, StatementPreview } from './bank';
import type { RatesStatus } from './reference-rates';
import type {
  AppInfo,
  CacheInfo,
  ConnectionPreview,
  DiagnosticsReport,
  ExportFreshnessReport,
  ExportProgress,
  ExportResult,
  ExtraCaInfo,
  OpenExternalResult,
  OpenFileResult,
  ProfileView,
  SessionStatus,
  ShowInFolderResult,
} from './ipc-results';
import { compareQuerySchema, type Comparison } from './compare';
import type { AccountOverview } from './overview';
import type { HomePayouts, OverdueSales, PayoutReport } from './payouts';
import { preferencesPatchSchema, type Preferences } from './preferences';
import {
  changesQuerySchema,
  saleHistoryQuerySchema,
  salesFilterSchema,
  salesPageQuerySchema,
  seriesQuerySchema,
  topQuerySchema,
} from './sales-query';
import type {
  DistinctValues,
  SaleChange,
  SalesPageResult,
  SalesSummary,
  SeriesPoint,
  StatusCheckAge,
  TopEntry,
} from './sales-query-types';
import type { SyncStatus } from './sync-progress';
import { yearQuerySchema, type HomeYear, type YearSummary } from './year-summary';

export * from './ipc-requests';
export * from './ipc-results';

/** Largest serialized payload any channel accepts (S6). */
export const MAX_IPC_PAYLOAD_BYTES = 1_000_000;

/** The name the bridge object is exposed under in the renderer's main world. */
export const BRIDGE_KEY = 'commissionDesk';

/** One channel: its `domain:verb` name and input schema; the output type rides along as a type only. */
export interface ChannelSpec<C extends string, S extends z.ZodType, O> {
  readonly channel: C;
  readonly input: S;
  /** Never set: carries the output type for the derived types. */
  readonly output?: O;
}

/** Starts an entry: `channel('sales:query', schema).returns<SalesPageResult>()`. */
function channel<const C extends string, S extends z.ZodType>(name: C, input: S) {
  return { returns: <O>(): ChannelSpec<C, S, O> => ({ channel: name, input }) };
}

const noInput = z.undefined();

/** The whole surface the renderer can reach, grouped by domain. */
export const IPC_CONTRACT = {
  getAppInfo: channel('app:info', noInput).returns<AppInfo>(),
  getDiagnostics: channel('app:diagnostics', noInput).returns<DiagnosticsReport>(),

  getSession: channel('session:status', noInput).returns<SessionStatus>(),
  startDemo: channel('session:startDemo', noInput).returns<SessionStatus>(),
  endSession: channel('session:end', noInput).returns<SessionStatus>(),

  testConnection: channel('accounts:testConnection', connectionFormSchema).returns<ConnectionPreview>(),
  addAccount: channel('accounts:add', addAccountSchema).returns<SessionStatus>(),
  switchAccount: channel('accounts:switch', accountRefSchema).returns<SessionStatus>(),
  reauthenticate: channel('accounts:reauthenticate', reauthenticateSchema).returns<SessionStatus>(),
  signOut: channel('accounts:signOut', signOutSchema).returns<SessionStatus>(),
  renameAccount: channel('accounts:rename', renameAccountSchema).returns<SessionStatus>(),

  getExtraCa: channel('network:extraCa', accountRefSchema).returns<ExtraCaInfo | null>(),
  trustExtraCa: channel('network:trustExtraCa', trustExtraCaSchema).returns<ExtraCaInfo>(),
  removeExtraCa: channel('network:removeExtraCa', accountRefSchema).returns<null>(),

  getProfile: channel('profile:get', noInput).returns<ProfileView>(),

  querySales: channel('sales:query', salesPageQuerySchema).returns<SalesPageResult>(),
  summarizeSales: channel('sales:summary', salesFilterSchema).returns<SalesSummary>(),
  salesSeries: channel('sales:series', seriesQuerySchema).returns<SeriesPoint[]>(),
  topSales: channel('sales:top', topQuerySchema).returns<TopEntry[]>(),
  salesFilterValues: channel('sales:filterValues', salesFilterSchema).returns<DistinctValues>(),
  salesChanges: channel('sales:changes', changesQuerySchema).returns<SaleChange[]>(),
  saleHistory: channel('sales:history', saleHistoryQuerySchema).returns<SaleChange[]>(),
  salesStatusAge: channel('sales:statusAge', salesFilterSchema).returns<StatusCheckAge>(),

  payoutReport: channel('payouts:report', payoutRangeSchema).returns<PayoutReport>(),
  homePayouts: channel('payouts:home', payoutRangeSchema).returns<HomePayouts>(),
  exportClaimFile: channel('payouts:claimFile', noInput).returns<ExportResult>(),
  overdueSales: channel('payouts:overdue', overdueQuerySchema).returns<OverdueSales>(),
  booksBridge: channel('books:bridge', payoutRangeSchema).returns<BridgeRow[]>(),
  homeBridge: channel('books:homeBridge', payoutRangeSchema).returns<HomeBridge>(),
  closedMonths: channel('books:closedMonths', noInput).returns<ClosedMonth[]>(),
  closeMonth: channel('books:close', monthSchema).returns<ClosedMonth>(),
  reopenMonth: channel('books:reopen', monthSchema).returns<null>(),
  adjustments: channel('books:adjustments', noInput).returns<Adjustment[]>(),
  exportAdjustments: channel('books:adjustmentsExport', noInput).returns<ExportResult>(),
  yearSummary: channel('payouts:year', yearQuerySchema).returns<YearSummary>(),
  exportYear: channel('payouts:yearExport', yearQuerySchema).returns<ExportResult>(),
  homeYear: channel('payouts:homeYear', yearQuerySchema).returns<HomeYear>(),
  exportLedger: channel('payouts:ledgerExport', ledgerExportSchema).returns<ExportResult>(),
  previewBankStatement: channel('bank:preview', bankStatementSchema).returns<StatementPreview>(),
  matchBankStatement: channel('bank:match', bankStatementSchema).returns<StatementMatch>(),
  setBankMatch: channel('bank:setMatch', bankMatchSchema).returns<MatchReport>(),
  exportBankMatch: channel('bank:export', bankRangeSchema).returns<ExportResult>(),
  accountsOverview: channel('overview:accounts', noInput).returns<AccountOverview[]>(),
  compareSales: channel('sales:compare', compareQuerySchema).returns<Comparison>(),
  exportComparison: channel('sales:compareExport', compareQuerySchema).returns<ExportResult>(),

  startSync: channel('sync:start', syncRequestSchema).returns<SyncStatus>(),
  startRoutineSync: channel('sync:routine', noInput).returns<SyncStatus>(),
  recheckAllHistory: channel('sync:recheckAll', noInput).returns<SyncStatus>(),
  cancelSync: channel('sync:cancel', noInput).returns<SyncStatus>(),
  getSyncStatus: channel('sync:status', noInput).returns<SyncStatus>(),

  getPreferences: channel('prefs:get', noInput).returns<Preferences>(),
  updatePreferences: channel('prefs:update', preferencesPatchSchema).returns<Preferences>(),

  getCacheInfo: channel('cache:info', noInput).returns<CacheInfo>(),
  ratesStatus: channel('rates:status', noInput).returns<RatesStatus | null>(),
  importRates: channel('rates:import', importRatesSchema).returns<RatesStatus>(),
  fetchRates: channel('rates:fetch', noInput).returns<RatesStatus>(),
  clearCache: channel('cache:clear', noInput).returns<CacheInfo>(),

  exportSales: channel('export:sales', exportRequestSchema).returns<ExportResult>(),
  exportFreshness: channel('export:freshness', exportRequestSchema).returns<ExportFreshnessReport>(),
  getExportProgress: channel('export:progress', noInput).returns<ExportProgress>(),
  cancelExport: channel('export:cancel', noInput).returns<ExportProgress>(),

  openExternal: channel('shell:openExternal', openExternalSchema).returns<OpenExternalResult>(),
  showInFolder: channel('shell:showInFolder', showInFolderSchema).returns<ShowInFolderResult>(),
  openFile: channel('shell:openFile', openFileSchema).returns<OpenFileResult>(),
};

type Contract = typeof IPC_CONTRACT;

/** A bridge method name. */
export type BridgeMethod = keyof Contract;

/** A channel string. */
export type Channel = Contract[BridgeMethod]['channel'];

/** What the renderer passes to a method (before defaults are applied). */
export type InputOf<M extends BridgeMethod> = z.input<Contract[M]['input']>;

/** What a handler receives: the input after the schema parsed it (defaults filled in). */
export type ParsedInputOf<M extends BridgeMethod> = z.output<Contract[M]['input']>;

/** What a method resolves to on success. */
export type OutputOf<M extends BridgeMethod> = Exclude<Contract[M]['output'], undefined>;

/** Every bridge method, in the table's order. */
export const BRIDGE_METHODS = Object.keys(IPC_CONTRACT) as BridgeMethod[];

/** Bridge method -> channel: the allowlist the preload builds its one object from. */
export const CHANNELS = Object.fromEntries(BRIDGE_METHODS.map((method) => [method, IPC_CONTRACT[method].channel])) as {
  readonly [M in BridgeMethod]: Contract[M]['channel'];
};

type Args<M extends BridgeMethod> = undefined extends InputOf<M> ? [] : [InputOf<M>];

/** The object the preload exposes: one named method per channel, each resolving to data. */
export type Bridge = {
  [M in BridgeMethod]: (...args: Args<M>) => Promise<IpcResult<OutputOf<M>>>;
};
