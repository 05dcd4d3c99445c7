/**
 * One export from the cache, for the app and the headless command alike: resolve the request (preset, columns,
 * order), count the rows, stream them from a read-only snapshot of the cache into the xlsx or CSV writer, and let
 * the file appear under its name only when it is complete (E3). Progress and cancel are plain callbacks and
 * an AbortSignal, so the app can poll them over IPC and the command can print them.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { BridgeRow } from '../../shared/bridge';
import type { Adjustment } from '../../shared/closed-month';
import type { DayRange } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { resolveExportColumns, type ExportColumnId } from '../../shared/export-columns';
import { applyExportPreset, type ExportFormat, type ExportPresetId } from '../../shared/export-presets';
import type { ExportFreshnessReport, ExportRequest } from '../../shared/ipc-contract';
import type { SalesFilter, SalesSort } from '../../shared/sales-query';
import type { DataAsOf } from '../../shared/sales-query-types';
import type { AsOfCache, SalesCache } from '../cache';
import { readAdjustments, readBridge, readClosedBridge } from '../books';
import { readHomeBridge, type HomeConversion } from '../home-currency';
import { homeColumns } from './home-columns';
import { writeAtomically } from './atomic-file';
import { writeCsv } from './csv-writer';
import { aboutEntries, type AboutFacts } from './export-about';
import { exportFailure } from './export-errors';
import type { ExportSale, ExtraColumn } from './export-cells';
import { mergeExportFreshness, readExportFreshness, readExportScope, type FreshnessCache } from './export-freshness';
import { freshnessNotes, staleOpenSalesWarning } from './freshness-lines';
import { WriteGuard } from './write-pacing';
import { MAX_LINKED_ROWS, MAX_SHEET_ROWS } from './xlsx-sales-sheet';
import { writeXlsx, type ProgressSink, type WorkbookPlan } from './xlsx-workbook';

/** An export request with every default filled in and the preset applied. */
export interface ResolvedExport {
  filter: SalesFilter;
  sort: SalesSort;
  columns: ExportColumnId[];
  format: ExportFormat;
  preset: ExportPresetId | undefined;
}

/** Fills in the defaults: the preset's filter, the basis date ascending, and the required columns. */
export function resolveExportRequest(request: ExportRequest, severalAccounts = false): ResolvedExport {
  const filter = request.preset ? applyExportPreset(request.preset, request.filter) : request.filter;
  const basis = filter.dateBasis ?? 'transaction';
  const sort: SalesSort = request.sort ?? {
    column: basis === 'payment' ? 'paymentDate' : 'transactionDate',
    direction: 'asc',
  };
  return {
    filter,
    sort,
    columns: resolveExportColumns(request.columns, basis, severalAccounts),
    format: request.format,
    preset: request.preset,
  };
}

/** An account an export reads: its cache key, and the label and service address the file names. */
export interface ExportAccount {
  key: string;
  label: string;
  baseUrl: string;
}

/** The reads an export makes, of today's sales or of those of a past moment. */
type ExportReads = Pick<
  SalesCache,
  'iterateSales' | 'coverage' | 'lastSyncRun' | 'oldestStatusCheck' | 'staleOpenSales' | 'countSales'
>;

/**
 * The cache operations an export reads; `asOf` gives the reads of a past moment (B1), and the closed months and the
 * change log give an accounting export its bridge from the last close and its adjustments (B2).
 */
export type ExportCache = ExportReads & Partial<Pick<SalesCache, 'asOf' | 'closedMonths' | 'changesSince'>>;

/** The reads `request` asks for: today's, or those as of its moment, with the About sheet's facts of that moment. */
function readsFor<T extends FreshnessCache>(
  cache: T & Partial<Pick<SalesCache, 'asOf'>>,
  request: ExportRequest,
): { reads: T | AsOfCache; asOf?: AboutFacts['asOf'] } {
  if (request.asOf === undefined) return { reads: cache };
  if (cache.asOf === undefined) throw new AppError('INVALID_INPUT', 'This export cannot be made as of a past moment.');
  const reads = cache.asOf(request.asOf);
  return { reads, asOf: { at: reads.at, historyStart: reads.historyStart } };
}

/** What to export, from where, to where. */
export interface CacheExportInput {
  cache: ExportCache;
  /** Cache key of the account ('demo' for the demo). */
  account: string;
  accountLabel: string;
  baseUrl: string;
  request: ExportRequest;
  targetPath: string;
  appVersion: string;
  now?: () => Date;
  /** Further accounts written after the first into the same file, each row naming its account (an Account column). */
  alsoAccounts?: readonly ExportAccount[];
  /** Adds the figures converted into the home currency (L2): two Sales columns, and a converted Bridge sheet. */
  home?: HomeConversion;
}

/** How the caller follows and steers the export. */
export interface ExportControl {
  signal?: AbortSignal;
  /** Told the number of matching rows before the first is written. */
  onStart?: (totalRows: number) => void;
  onProgress?: ProgressSink;
  /** False: fail instead of replacing an existing file (default true: the save dialog already asked). */
  overwrite?: boolean;
  /** Opens the temporary file for writing; tests inject an output that fails part-way. */
  openOutput?: (path: string) => Writable;
}

/** The written file and what it holds. */
export interface ExportOutcome extends ExportFreshnessReport {
  filePath: string;
  format: ExportFormat;
  rowCount: number;
  dataAsOf: DataAsOf | null;
}

/**
 * What the export of `request` would state about its statuses as of `now`; lets the app warn before writing. With
 * several accounts, the oldest check of any and the counts of all.
 */
export function exportFreshnessOf(
  cache: FreshnessCache & Partial<Pick<SalesCache, 'asOf'>>,
  accounts: string | readonly string[],
  request: ExportRequest,
  now: Date,
): ExportFreshnessReport {
  const filter = resolveExportRequest(request).filter;
  const keys = typeof accounts === 'string' ? [accounts] : accounts;
  const { reads } = readsFor(cache, request);
  const freshness = mergeExportFreshness(keys.map((key) => readExportFreshness(reads, key, filter, now)));
  return { freshness, staleWarning: staleOpenSalesWarning(freshness.staleOpenSales) };
}

/** The rows of every account in turn, each labelled with its account when there are several. */
function* rowsOf(
  cache: ExportReads,
  accounts: readonly ExportAccount[],
  plan: ResolvedExport,
): Generator<ExportSale, void, undefined> {
  for (const account of accounts) {
    const rows = cache.iterateSales(account.key, { filter: plan.filter, sort: plan.sort });
    if (accounts.length === 1) yield* rows;
    else for (const sale of rows) yield { ...sale, accountLabel: account.label };
  }
}

/** When the last sync of every account finished: the oldest of them, or null when one never finished. */
function lastSyncOf(cache: ExportReads, accounts: readonly ExportAccount[]): string | null {
  const times = accounts.map((account) => cache.lastSyncRun(account.key, 'completed')?.finishedAt ?? null);
  if (times.some((time) => time === null)) return null;
  return (times as string[]).reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b));
}

function dataAsOfFor(cache: ExportReads, account: string, filter: SalesFilter): DataAsOf | null {
  if (filter.from === undefined || filter.to === undefined || filter.dateBasis === 'payment') return null;
  return cache.coverage(account, filter.from, filter.to);
}

function checkSize(format: ExportFormat, total: number): void {
  if (format !== 'xlsx' || total <= MAX_SHEET_ROWS) return;
  throw new AppError(
    'INVALID_INPUT',
    `${total.toLocaleString('en')} sales match, more than an Excel sheet can hold (${MAX_SHEET_ROWS.toLocaleString('en')}). Narrow the date range or the filters, or export CSV.`,
  );
}

/** Whether `plan` is an accounting export (the earned or payments preset of one account over a period, as xlsx). */
function accountingRange(accounts: readonly ExportAccount[], plan: ResolvedExport): DayRange | null {
  const { from, to } = plan.filter;
  const accounting = plan.preset === 'earned' || plan.preset === 'payments';
  if (!accounting || plan.format !== 'xlsx' || accounts.length !== 1 || from === undefined || to === undefined)
    return null;
  return { from, to };
}

/**
 * The books of an accounting export: the Bridge sheet ties the period's earned commission to what was received,
 * opening from the last close when the month before is closed; "Adjustments since close" lists what changed in closed
 * months since. As of a past moment, the plain bridge of that moment and no adjustments. Other exports have neither.
 */
function booksOf(
  cache: ExportReads,
  today: ExportCache,
  asOf: boolean,
  accounts: readonly ExportAccount[],
  plan: ResolvedExport,
): { bridge?: BridgeRow[]; adjustments?: Adjustment[] } {
  const range = accountingRange(accounts, plan);
  if (range === null) return {};
  const account = (accounts[0] as ExportAccount).key;
  if (asOf || today.closedMonths === undefined || today.changesSince === undefined)
    return { bridge: readBridge(cache, account, range) };
  const books = {
    iterateSales: cache.iterateSales.bind(cache),
    closedMonths: today.closedMonths.bind(today),
    changesSince: today.changesSince.bind(today),
  };
  return {
    bridge: readClosedBridge(books, account, range),
    adjustments: readAdjustments(books, account),
  };
}

/** The workbook's home-currency parts: the Sales columns and, for an accounting export, the converted bridge. */
function homeSheets(
  conversion: HomeConversion | undefined,
  columns: readonly ExtraColumn[] | undefined,
  cache: ExportReads,
  account: string,
  range: DayRange | null,
): Pick<WorkbookPlan, 'extraColumns' | 'homeBridge'> {
  if (conversion === undefined || columns === undefined) return {};
  if (range === null) return { extraColumns: columns };
  const { home, rule } = conversion;
  const rows = readHomeBridge(cache, account, range, conversion);
  return { extraColumns: columns, homeBridge: { home, rule, range, rows } };
}

/** Waits until the output released its file, so it can be flushed, renamed or removed (Windows refuses while open). */
async function closed(output: Writable): Promise<void> {
  if (!output.closed) await once(output, 'close').catch(() => undefined);
}

/** Writes the export of `input` and returns the written file; throws an AppError (CANCELLED, EXPORT_FAILED, …). */
export async function exportFromCache(input: CacheExportInput, control: ExportControl = {}): Promise<ExportOutcome> {
  const accounts: ExportAccount[] = [
    { key: input.account, label: input.accountLabel, baseUrl: input.baseUrl },
    ...(input.alsoAccounts ?? []),
  ];
  const several = accounts.length > 1;
  const plan = resolveExportRequest(input.request, several);
  const now = input.now ?? (() => new Date());
  const at = now();
  const { reads: cache, asOf } = readsFor(input.cache, input.request);
  const scopes = accounts.map((account) => readExportScope(cache, account.key, plan.filter, at));
  const total = scopes.reduce((sum, scope) => sum + scope.matching, 0);
  checkSize(plan.format, total);
  // Coverage is per account; an export of several says which accounts it holds and when each was synced instead.
  const dataAsOf = several ? null : dataAsOfFor(cache, input.account, plan.filter);
  const lastSyncedAt = lastSyncOf(cache, accounts);
  const freshness = mergeExportFreshness(scopes.map((scope) => scope.freshness));
  const staleWarning = staleOpenSalesWarning(freshness.staleOpenSales);
  const links = total <= MAX_LINKED_ROWS;
  const linksNote =
    !links && plan.columns.includes('collectionUrl')
      ? `Collection links are plain text: Excel allows at most 65,530 links in a sheet and this export has ${total.toLocaleString('en')} rows.`
      : null;
  const progress: ProgressSink = control.onProgress ?? (() => undefined);
  const home = input.home === undefined ? null : homeColumns(input.home);
  const homeRange = input.home === undefined ? null : accountingRange(accounts, plan);
  control.onStart?.(total);
  let rowCount = 0;
  const write = async (tempPath: string): Promise<void> => {
    const output = (control.openOutput ?? ((path: string) => createWriteStream(path, { flags: 'wx' })))(tempPath);
    const guard = new WriteGuard(control.signal);
    guard.watch(output);
    const rows = rowsOf(cache, accounts, plan);
    try {
      rowCount =
        plan.format === 'csv'
          ? await writeCsv(output, rows, plan.columns, guard, progress, home?.columns)
          : await writeXlsx(
              output,
              rows,
              {
                columns: plan.columns,
                dateBasis: plan.filter.dateBasis ?? 'transaction',
                links,
                createdAt: now(),
                summaryNotes: freshnessNotes(freshness),
                ...booksOf(cache, input.cache, asOf !== undefined, accounts, plan),
                ...homeSheets(input.home, home?.columns, cache, input.account, homeRange),
                about: (count, flaggedSales) =>
                  aboutEntries({
                    accountLabel: accounts.map((account) => account.label).join(', '),
                    baseUrl: [...new Set(accounts.map((account) => account.baseUrl))].join(', '),
                    appVersion: input.appVersion,
                    preset: plan.preset,
                    filter: plan.filter,
                    sort: plan.sort,
                    columns: plan.columns,
                    rowCount: count,
                    flaggedSales,
                    dataAsOf,
                    lastSyncedAt,
                    generatedAt: now(),
                    linksNote,
                    ...(asOf === undefined ? {} : { asOf }),
                    ...(input.home === undefined || home === null
                      ? {}
                      : {
                          home: {
                            currency: input.home.home,
                            rule: input.home.rule,
                            source: input.home.source,
                            unconverted: [...home.unconverted],
                          },
                        }),
                  }),
              },
              guard,
              progress,
            );
      await closed(output);
    } catch (error) {
      rows.return();
      output.destroy();
      await closed(output);
      throw error;
    }
  };
  try {
    await writeAtomically(input.targetPath, write, { overwrite: control.overwrite ?? true });
  } catch (error) {
    throw exportFailure(error, input.targetPath);
  }
  return { filePath: input.targetPath, format: plan.format, rowCount, dataAsOf, freshness, staleWarning };
}
