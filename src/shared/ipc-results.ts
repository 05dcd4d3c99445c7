/**
 * What the main process answers: plain serialisable values, never a secret. The channel table in `ipc-contract.ts`
 * names which of these each channel returns.
 */
import type { Profile } from './domain';
import type { AppErrorData } from './errors';
import type { ExportFormat } from './export-presets';
import type { DataAsOf } from './sales-query-types';
import type { PaymentHistory, StaleOpenSales } from './payouts';

export type { StaleOpenSales };

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

/**
 * Why an account that is not signed in still opens on the sales cached on this computer, read-only: browsing,
 * search, charts and exports read only the cache; syncing needs the credentials. `keychain-unavailable`: the system
 * keychain could not be used; `not-in-keychain`: it answered without the saved entry (locked, or the entry was
 * removed); `not-remembered`: the credentials were kept for one session only; `signed-out`: the user signed out and
 * kept the cached sales.
 */
export interface ReadOnlyReason {
  cause: 'keychain-unavailable' | 'not-in-keychain' | 'not-remembered' | 'signed-out';
  /** What happened and what the user can do, as sentences to show. */
  message: string;
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
      /** Set when the account opens read-only on its cached sales; null when signed in or when the credentials were refused (sign in again). */
      readOnly: ReadOnlyReason | null;
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

/** Outcome of an export: the written file, or null when the user cancelled the save dialog. */
export interface ExportResult {
  filePath: string | null;
  format: ExportFormat;
  rowCount: number;
  /** Whether the cache held every day of the range (transaction-date ranges only; null otherwise). */
  dataAsOf: DataAsOf | null;
  /** What the written file says about its statuses (absent when nothing was written). */
  freshness?: ExportFreshness;
  /** The stale-open-sales warning the file carries, if any. */
  staleWarning?: string | null;
}

/** What an export states about the freshness and completeness of its rows. */
export interface ExportFreshness {
  /** The oldest confirmation by the service among the exported sales (ISO time); null when there are none. */
  statusesCheckedAt: string | null;
  /** Exported sales the service never confirmed. */
  neverChecked: number;
  /** Set for a payments export whose open sales were confirmed more than 24 hours before it was written. */
  staleOpenSales: StaleOpenSales | null;
  /** Sales the service no longer reports: included in the rows and totals, or how many were left out. */
  noLongerReported: { included: boolean; count: number };
  /** For a payments export of a period: whether its payments are complete in the cache; null for other exports. */
  paymentHistory: PaymentHistory | null;
}

/** What an export would state about its statuses if written now: the app warns with it before the save dialog (T3). */
export interface ExportFreshnessReport {
  freshness: ExportFreshness;
  /** The warning of a payments export whose open sales were checked more than 24 hours before; null when none. */
  staleWarning: string | null;
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

/** The link as it was opened (normalised by the URL parser). */
export interface OpenExternalResult {
  url: string;
}

/** The file that was shown. */
export interface ShowInFolderResult {
  shown: string;
}

/** The file that was opened in its default app. */
export interface OpenFileResult {
  opened: string;
}

/** One certificate of an account's extra CA, as Settings shows it; never the PEM text itself. */
export interface ExtraCaCertificate {
  /** The subject's common name (or the whole subject on one line). */
  subject: string;
  issuer: string;
  /** ISO instants. */
  validFrom: string;
  validTo: string;
  /** SHA-256 fingerprint, colon-separated hex, for comparing with what the IT department gave out. */
  fingerprint: string;
  expired: boolean;
}

/** The extra CA certificates an account trusts in addition to the system's, for networks that inspect TLS. */
export interface ExtraCaInfo {
  certificates: ExtraCaCertificate[];
}

/** Text for Settings → "Copy diagnostics": versions, OS, cache, last problems; secrets removed. */
export interface DiagnosticsReport {
  text: string;
}
