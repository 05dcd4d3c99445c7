/**
 * The app's side of exporting: propose a file name with the account and period, open the save dialog in the folder
 * used last time, write from the cache with progress and cancel, and remember the folder. The Electron glue only
 * provides the dialog; everything else is here so the e2e test host and unit tests run the same steps.
 */
import { statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, isAbsolute } from 'node:path';
import { AppError } from '../../shared/errors';
import type { ExportFormat } from '../../shared/export-presets';
import type { ExportFreshnessReport, ExportProgress, ExportRequest, ExportResult } from '../../shared/ipc-contract';
import { isConversion, type HomeConversion, type HomeConversionGap } from '../home-currency';
import type { Logger } from '../log';
import type { SettingsStore } from '../settings';
import { writeAtomically } from './atomic-file';
import { exportFailure } from './export-errors';
import { proposedExportName } from './export-file-name';
import {
  exportFreshnessOf,
  exportFromCache,
  resolveExportRequest,
  type ExportAccount,
  type ExportCache,
} from './export-sales';
import { createExportTracker } from './export-tracker';

/** Settings key of the folder the last export was saved in. */
export const EXPORT_FOLDER_KEY = 'lastExportFolder';

/** What the save dialog is told besides the proposed name. */
export interface ExportPathOptions {
  /** The folder of the last export, when it still exists; else the dialog's own default (Documents). */
  defaultFolder: string | null;
  /** The format, for the dialog's file type filter. */
  format: ExportFormat;
}

/** Asks where to save; null when the user cancelled. */
export type ChooseExportPath = (proposedName: string, options?: ExportPathOptions) => Promise<string | null>;

/** What the exporter needs from the core. */
export interface AppExporterDeps {
  cache: () => ExportCache;
  /** The open session's cache key; throws NOT_SIGNED_IN when none is open. */
  account: () => string;
  /** Label and service address of the open session, for the file name and the About sheet. */
  describeAccount: () => { label: string; baseUrl: string };
  /** The saved accounts with these ids, for an export of several; throws INVALID_INPUT for an unknown id. */
  describeAccounts: (ids: readonly string[]) => ExportAccount[];
  settings: SettingsStore;
  chooseExportPath: ChooseExportPath;
  appVersion: string;
  now: () => Date;
  logger: Logger;
  /** The conversion into the home currency of Settings, or what is missing for it. */
  homeConversion: () => HomeConversion | HomeConversionGap;
}

/** The export operations of the core. */
export interface AppExporter {
  exportSales(request: ExportRequest): Promise<ExportResult>;
  /** What the export of `request` would say about its statuses now, so the app can warn before the save dialog (T3). */
  freshness(request: ExportRequest): ExportFreshnessReport;
  progress(): ExportProgress;
  cancel(): ExportProgress;
  /** Writes a small report, already CSV text, where the user chooses; the written path, or null when cancelled. */
  exportCsvReport(proposedName: string, csv: string): Promise<string | null>;
  /** Writes a report of `format` with `write` (given a temporary path) where the user chooses; as above. */
  exportReport(
    proposedName: string,
    format: ExportFormat,
    write: (path: string) => Promise<void>,
  ): Promise<string | null>;
}

function rememberedFolder(settings: SettingsStore): string | null {
  const value = settings.get(EXPORT_FOLDER_KEY);
  if (typeof value !== 'string' || !isAbsolute(value)) return null;
  return statSync(value, { throwIfNoEntry: false })?.isDirectory() ? value : null;
}

/** The chosen path with the format's extension, which some save dialogs do not add. */
function withExtension(path: string, format: ExportFormat): string {
  if (path.toLowerCase().endsWith(`.${format}`)) return path;
  const extended = `${path}.${format}`;
  if (statSync(extended, { throwIfNoEntry: false })) {
    throw new AppError('EXPORT_FAILED', `${extended} already exists and was left as it is. Choose another name.`);
  }
  return extended;
}

/** Creates the exporter. */
export function createAppExporter(deps: AppExporterDeps): AppExporter {
  const tracker = createExportTracker(deps.now);

  const exportReport: AppExporter['exportReport'] = async (proposedName, format, write) => {
    const chosen = await deps.chooseExportPath(proposedName, {
      defaultFolder: rememberedFolder(deps.settings),
      format,
    });
    if (chosen === null) return null;
    const targetPath = withExtension(chosen, format);
    deps.settings.set(EXPORT_FOLDER_KEY, dirname(targetPath));
    try {
      await writeAtomically(targetPath, write);
    } catch (error) {
      throw exportFailure(error, targetPath);
    }
    deps.logger.info('export.report-written', { format });
    return targetPath;
  };

  /** The accounts a request covers: the ones it names (an export of several), else the open session's. */
  function accountsOf(request: ExportRequest): [ExportAccount, ...ExportAccount[]] {
    const named = request.accounts ? deps.describeAccounts(request.accounts) : [];
    const [first, ...rest] = named;
    return first ? [first, ...rest] : [{ key: deps.account(), ...deps.describeAccount() }];
  }

  /** The conversion an export asking for home-currency figures uses; refused before the save dialog when none is set up. */
  function homeOf(request: ExportRequest): HomeConversion | undefined {
    if (request.home !== true) return undefined;
    const conversion = deps.homeConversion();
    if (isConversion(conversion)) return conversion;
    throw new AppError(
      'INVALID_INPUT',
      conversion.kind === 'no home currency'
        ? 'No home currency is chosen: choose one in Settings → Home currency and rates, then export again.'
        : 'No reference rates are stored: import the ECB rates file in Settings → Home currency and rates, then export again.',
    );
  }

  async function run(request: ExportRequest, signal: AbortSignal): Promise<ExportResult> {
    const home = homeOf(request);
    const [{ key: account, label, baseUrl }, ...alsoAccounts] = accountsOf(request);
    const cache = deps.cache();
    const plan = resolveExportRequest(request, alsoAccounts.length > 0);
    const fileLabel = alsoAccounts.length > 0 ? 'all accounts' : label;
    const chosen = await deps.chooseExportPath(proposedExportName(fileLabel, plan), {
      defaultFolder: rememberedFolder(deps.settings),
      format: plan.format,
    });
    if (chosen === null) return { filePath: null, format: plan.format, rowCount: 0, dataAsOf: null };
    const targetPath = withExtension(chosen, plan.format);
    deps.settings.set(EXPORT_FOLDER_KEY, dirname(targetPath));
    tracker.begin(plan.format, targetPath.split(/[\\/]/).pop() ?? targetPath);
    const started = Date.now();
    try {
      const outcome = await exportFromCache(
        {
          cache,
          account,
          accountLabel: label,
          baseUrl,
          alsoAccounts,
          request,
          targetPath,
          appVersion: deps.appVersion,
          now: deps.now,
          ...(home === undefined ? {} : { home }),
        },
        {
          signal,
          onStart: (total) => tracker.started(total),
          onProgress: (rows, phase) => tracker.progress(rows, phase),
        },
      );
      tracker.progress(outcome.rowCount, 'finishing');
      tracker.finish('completed');
      deps.logger.info('export.written', {
        format: outcome.format,
        rowCount: outcome.rowCount,
        ms: Date.now() - started,
      });
      return outcome;
    } catch (error) {
      const cancelled = error instanceof AppError && error.code === 'CANCELLED';
      tracker.finish(cancelled ? 'cancelled' : 'failed');
      deps.logger.warn('export.stopped', { code: error instanceof AppError ? error.code : 'INTERNAL' });
      throw error;
    }
  }

  return {
    async exportSales(request) {
      const signal = tracker.claim();
      try {
        return await run(request, signal);
      } finally {
        tracker.release();
      }
    },
    freshness: (request) =>
      exportFreshnessOf(
        deps.cache(),
        accountsOf(request).map((account) => account.key),
        request,
        deps.now(),
      ),
    progress: () => tracker.status(),
    cancel: () => tracker.cancel(),
    exportReport,
    exportCsvReport: (proposedName, csv) =>
      exportReport(proposedName, 'csv', (tempPath) => writeFile(tempPath, csv, { flag: 'wx' })),
  };
}
