/**
 * The typed IPC contract: for each bridge method, the zod schema its input must pass in the main
 * process and the type of the value it returns. Main handlers and the renderer's bridge type are
 * both derived from this one table, so they cannot drift apart.
 */
import { z } from 'zod';
import { isIsoDay } from './dates';
import { COMMISSION_STATUS_FILTERS, ORDER_BY_VALUES, PAYMENT_STATUS_FILTERS, type Profile, type RecordWarning, type Sale } from './domain';
import type { AppErrorData, IpcResult } from './errors';
import type { BridgeMethod } from './ipc-channels';
import { EXPORT_COLUMN_IDS } from './export-columns';
import { EXPORT_FORMATS, EXPORT_PRESET_IDS, type ExportFormat } from './export-presets';
import {
  salesFilterSchema,
  salesPageQuerySchema,
  salesSortSchema,
  seriesQuerySchema,
  topQuerySchema,
  type SalesFilter,
  type SalesPageQuery,
  type SeriesQuery,
  type TopQuery,
} from './sales-query';
import type { DataAsOf, DistinctValues, SaleChange, SalesPageResult, SalesSummary, SeriesPoint, TopEntry } from './sales-query-types';
import type { SyncStatus } from './sync-progress';
import { preferencesPatchSchema, type Preferences, type PreferencesPatch } from './preferences';

/** Largest serialized payload any channel accepts (TESTPLAN S6). */
export const MAX_IPC_PAYLOAD_BYTES = 1_000_000;

const isoDay = z.string().max(10).refine(isIsoDay, { message: 'must be a real day written yyyy-mm-dd' });

/** What the sales screen asks for: one page of the report for a date range. */
export const salesQuerySchema = z
  .strictObject({
    startDate: isoDay,
    endDate: isoDay,
    page: z.number().int().min(1).max(1_000_000),
    limit: z.number().int().min(1).max(100),
    orderBy: z.enum(ORDER_BY_VALUES),
    commissionStatus: z.enum(COMMISSION_STATUS_FILTERS).optional(),
    paymentStatus: z.enum(PAYMENT_STATUS_FILTERS).optional(),
    subid: z.string().min(1).max(200).optional(),
  })
  .refine((q) => q.startDate <= q.endDate, { message: 'the end date is before the start date', path: ['endDate'] });
export type SalesQuery = z.infer<typeof salesQuerySchema>;

/**
 * What an export covers: the sales screen's own filter and sort over the cache, the columns to write, the file
 * format, and optionally an accounting preset, which fixes the date basis and statuses (see `export-presets.ts`).
 * Absent columns mean the defaults; the columns the Summary needs are always added.
 */
export const exportRequestSchema = z
  .strictObject({
    filter: salesFilterSchema,
    sort: salesSortSchema.optional(),
    columns: z
      .array(z.enum(EXPORT_COLUMN_IDS))
      .min(1)
      .max(EXPORT_COLUMN_IDS.length)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'a column is listed twice' })
      .optional(),
    format: z.enum(EXPORT_FORMATS),
    preset: z.enum(EXPORT_PRESET_IDS).optional(),
  })
  .refine((r) => r.preset === undefined || (r.filter.from !== undefined && r.filter.to !== undefined), {
    message: 'a preset needs a start and an end date',
    path: ['filter', 'from'],
  });
export type ExportRequest = z.infer<typeof exportRequestSchema>;

const noInput = z.undefined();

/** "Make the cache cover this range"; `refresh` fetches covered days again too. */
export const syncRequestSchema = z
  .strictObject({ from: isoDay, to: isoDay, refresh: z.boolean().optional() })
  .refine((r) => r.from <= r.to, { message: 'the end date is before the start date', path: ['to'] });
export type SyncRequest = z.infer<typeof syncRequestSchema>;

/** Status changes to list; without `since`, those of the last completed sync. */
export const changesRequestSchema = z.strictObject({
  since: z
    .string()
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v)), { message: 'must be an ISO date-time' })
    .optional(),
  limit: z.number().int().min(1).max(10_000).optional(),
});
export type ChangesRequest = z.infer<typeof changesRequestSchema>;

const secretField = z.string().trim().min(1, 'is required').max(1000);

/** The sign-in form: the three credentials and the service address. */
export const connectionFormSchema = z.strictObject({
  baseUrl: z.string().trim().min(1, 'is required').max(2000),
  apiKey: secretField,
  apiSecret: secretField,
  appId: z.string().trim().min(1, 'is required').max(200),
});
export type ConnectionForm = z.infer<typeof connectionFormSchema>;

/** Saving an account: the form, an optional label, and whether to skip the keychain for this session. */
export const addAccountSchema = connectionFormSchema.extend({
  label: z.string().trim().max(100).optional(),
  sessionOnly: z.boolean(),
});
export type AddAccountInput = z.infer<typeof addAccountSchema>;

const accountIdSchema = z.string().uuid();

/** Picks an account by id. */
export const accountRefSchema = z.strictObject({ accountId: accountIdSchema });
export type AccountRef = z.infer<typeof accountRefSchema>;

/** New credentials for an account whose key was refused; an empty api-key keeps the stored one. */
export const reauthenticateSchema = z.strictObject({
  accountId: accountIdSchema,
  apiKey: z.string().trim().max(1000).optional(),
  apiSecret: secretField,
  appId: z.string().trim().min(1).max(200),
  sessionOnly: z.boolean(),
});
export type ReauthenticateInput = z.infer<typeof reauthenticateSchema>;

/** Signing out: whether the account's cached sales go too. */
export const signOutSchema = z.strictObject({ accountId: accountIdSchema, deleteCachedSales: z.boolean() });
export type SignOutInput = z.infer<typeof signOutSchema>;

/** Facts about the running app the renderer may show. */
export interface AppInfo {
  name: string;
  version: string;
  cache: {
    path: string;
    /** Something the user must be told about the cache at start (e.g. a damaged file was moved aside). */
    notice: string | null;
    /** Set when the cache could not be opened at all (e.g. written by a newer version). */
    error: AppErrorData | null;
  };
}

/** What the renderer may know about an account: never a secret, the api-key only masked. */
export interface AccountSummary {
  id: string;
  label: string;
  baseUrl: string;
  appId: string;
  apiKeyMasked: string;
  /** False when the credentials live in memory for this session only (no keychain). */
  remembered: boolean;
  lastUsedAt: string | null;
}

/** Who the app is talking to. Never carries a secret. */
export type SessionStatus =
  | { kind: 'none'; accounts: AccountSummary[] }
  | { kind: 'demo'; label: string; accounts: AccountSummary[] }
  | {
      kind: 'account';
      /** False when the credentials are missing or were refused: the user must enter them again. */
      signedIn: boolean;
      account: AccountSummary;
      /** Why the account is not signed in, as a sentence to show. */
      problem: AppErrorData | null;
      accounts: AccountSummary[];
    };

/** The profile with where it came from: the service now, or the cache when the service cannot be reached. */
export interface ProfileView {
  profile: Profile;
  /** When this copy was fetched from the service. */
  fetchedAt: string;
  fromCache: boolean;
  /** Why the cached copy is shown, when it is. */
  reason: AppErrorData | null;
}

/** Where the cache is and how big, for Settings. */
export interface CacheInfo {
  path: string;
  /** Bytes on disk, database plus its write-ahead log. */
  sizeBytes: number;
  /** Sales cached for the open account (0 when none is open). */
  salesForAccount: number;
}

/** What "Test connection" shows before anything is saved. */
export interface ConnectionPreview {
  profileName: string | null;
  userName: string | null;
  avatar: string | null;
}

/** One page of sales as the sales screen shows it. */
export interface SalesPage {
  sales: Sale[];
  page: number;
  limit: number;
  hasMore: boolean;
  /** The server's count hint; an estimate, never used for correctness. */
  totalHint: number | null;
  warnings: RecordWarning[];
}

/** Outcome of an export: the written file, or null when the user cancelled the save dialog. */
export interface ExportResult {
  filePath: string | null;
  format: ExportFormat;
  rowCount: number;
  /** Whether the cache held every day of the range (transaction-date ranges only; null otherwise). */
  dataAsOf: DataAsOf | null;
}

/**
 * The export in progress (or the last one), polled while `exportSales` runs, like the sync status. `totalRows` is
 * known before the first row is written; `phase` says what the writer is doing after the rows.
 */
export interface ExportProgress {
  state: 'idle' | 'running' | 'completed' | 'cancelled' | 'failed';
  phase: 'rows' | 'summary' | 'finishing' | null;
  format: ExportFormat | null;
  /** The name of the file being written (no folder). */
  fileName: string | null;
  rowsWritten: number;
  totalRows: number;
  startedAt: string | null;
  finishedAt: string | null;
}

/** A link to open in the user's browser; the main process opens https links only (TESTPLAN S4). */
export const openExternalSchema = z.strictObject({ url: z.string().min(1).max(2048) });
export type OpenExternalRequest = z.infer<typeof openExternalSchema>;

/** A file to show in the file manager; only files the app wrote in this session are shown. */
export const showInFolderSchema = z.strictObject({ path: z.string().min(1).max(4096) });
export type ShowInFolderRequest = z.infer<typeof showInFolderSchema>;

/** The link as it was opened (normalised by the URL parser). */
export interface OpenExternalResult {
  url: string;
}

/** The file that was shown. */
export interface ShowInFolderResult {
  shown: string;
}

/** Text for Settings → "Copy diagnostics": versions, OS, cache, last problems; secrets removed. */
export interface DiagnosticsReport {
  text: string;
}

/** Input and output types per bridge method. */
export interface ContractTypes {
  getAppInfo: { input: undefined; output: AppInfo };
  getSession: { input: undefined; output: SessionStatus };
  startDemo: { input: undefined; output: SessionStatus };
  endSession: { input: undefined; output: SessionStatus };
  testConnection: { input: ConnectionForm; output: ConnectionPreview };
  addAccount: { input: AddAccountInput; output: SessionStatus };
  switchAccount: { input: AccountRef; output: SessionStatus };
  reauthenticate: { input: ReauthenticateInput; output: SessionStatus };
  signOut: { input: SignOutInput; output: SessionStatus };
  getProfile: { input: undefined; output: ProfileView };
  listSales: { input: SalesQuery; output: SalesPage };
  exportSales: { input: ExportRequest; output: ExportResult };
  getExportProgress: { input: undefined; output: ExportProgress };
  cancelExport: { input: undefined; output: ExportProgress };
  querySales: { input: SalesPageQuery; output: SalesPageResult };
  summarizeSales: { input: SalesFilter; output: SalesSummary };
  salesSeries: { input: SeriesQuery; output: SeriesPoint[] };
  topSales: { input: TopQuery; output: TopEntry[] };
  salesFilterValues: { input: SalesFilter; output: DistinctValues };
  salesChanges: { input: ChangesRequest; output: SaleChange[] };
  startSync: { input: SyncRequest; output: SyncStatus };
  cancelSync: { input: undefined; output: SyncStatus };
  getSyncStatus: { input: undefined; output: SyncStatus };
  getPreferences: { input: undefined; output: Preferences };
  updatePreferences: { input: PreferencesPatch; output: Preferences };
  getCacheInfo: { input: undefined; output: CacheInfo };
  clearCache: { input: undefined; output: CacheInfo };
  openExternal: { input: OpenExternalRequest; output: OpenExternalResult };
  showInFolder: { input: ShowInFolderRequest; output: ShowInFolderResult };
  getDiagnostics: { input: undefined; output: DiagnosticsReport };
}

/** Input schema per bridge method: the main process parses every call with it. */
export const INPUT_SCHEMAS: { [M in BridgeMethod]: z.ZodType<ContractTypes[M]['input']> } = {
  getAppInfo: noInput,
  getSession: noInput,
  startDemo: noInput,
  endSession: noInput,
  testConnection: connectionFormSchema,
  addAccount: addAccountSchema,
  switchAccount: accountRefSchema,
  reauthenticate: reauthenticateSchema,
  signOut: signOutSchema,
  getProfile: noInput,
  listSales: salesQuerySchema,
  exportSales: exportRequestSchema,
  getExportProgress: noInput,
  cancelExport: noInput,
  querySales: salesPageQuerySchema,
  summarizeSales: salesFilterSchema,
  salesSeries: seriesQuerySchema,
  topSales: topQuerySchema,
  salesFilterValues: salesFilterSchema,
  salesChanges: changesRequestSchema,
  startSync: syncRequestSchema,
  cancelSync: noInput,
  getSyncStatus: noInput,
  getPreferences: noInput,
  updatePreferences: preferencesPatchSchema,
  getCacheInfo: noInput,
  clearCache: noInput,
  openExternal: openExternalSchema,
  showInFolder: showInFolderSchema,
  getDiagnostics: noInput,
};

type Args<M extends BridgeMethod> = ContractTypes[M]['input'] extends undefined ? [] : [ContractTypes[M]['input']];

/** The object the preload exposes: one named method per channel, each resolving to data. */
export type Bridge = {
  [M in BridgeMethod]: (...args: Args<M>) => Promise<IpcResult<ContractTypes[M]['output']>>;
};
