/**
 * `export`: writes a month-end file from the cache with the app's own exporter, so the file a scheduled job writes is
 * the file the app writes. It needs no network and no credentials. An existing file is kept unless --force is given,
 * and even then it is replaced only once the new file is complete. Gaps in the cache, and a payments export whose open
 * sales were checked more than 24 hours ago, are reported on stderr. Progress comes from the exporter's row count;
 * with --json, stdout is JSON lines ending with the result. With --view it writes what a view saved on the sales
 * screen shows: the same filter and sort, answered by the same query engine.
 */
import { existsSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import type { ExportFormat, ExportPresetId } from '../../shared/export-presets';
import type { ExportRequest } from '../../shared/ipc-contract';
import type { SavedView } from '../../shared/preferences';
import type { DataAsOf } from '../../shared/sales-query-types';
import {
  exportFromCache,
  noLongerReportedLine,
  statusesCheckedLine,
  unsyncedHistoryWarning,
  type ExportOutcome,
} from '../../core/export';
import { hasPeriod, resolvePeriod, type CommandOptions } from '../cli-args';
import { cliSyncActions, resolveAccount, syncCommandFor, type CliAccount } from '../cli-accounts';
import { noteSyncUnderWay } from '../sync-under-way';
import { homeConversionOption } from '../home-conversion-option';
import type { CliContext } from '../cli-context';
import { CliError, EXIT_CODES, usageError } from '../cli-errors';
import { count, type CliIo } from '../cli-io';
import { exportSnapshot, progressReporter, writeJsonLine } from '../progress';

function formatOf(out: string, format: ExportFormat | undefined): ExportFormat {
  const extension = extname(out).toLowerCase().slice(1);
  const implied = extension === 'csv' || extension === 'xlsx' ? extension : undefined;
  if (format !== undefined && implied !== undefined && format !== implied) {
    throw usageError(`--out ends in .${implied} but --format is ${format}. Make them agree.`, 'export');
  }
  return format ?? implied ?? 'xlsx';
}

function coverageWarning(
  account: CliAccount,
  program: string,
  dataAsOf: DataAsOf | null,
  neverSynced: boolean,
): string | null {
  const sync = syncCommandFor(account, program);
  if (dataAsOf !== null && !dataAsOf.complete) {
    const missing = dataAsOf.missing.map((r) => (r.from === r.to ? r.from : `${r.from} to ${r.to}`)).join(', ');
    return `Warning: the cache has never synced ${missing}, so sales of those days are missing from the file. Run: ${sync} --from … --to …`;
  }
  if (neverSynced)
    return `Warning: this account was never synced, so the file may miss sales. Run: ${sync} --from … --to …`;
  return null;
}

/** The view saved on the sales screen for `account` under `name` (case aside). */
function savedView(context: CliContext, account: CliAccount, name: string): SavedView {
  const views = context.preferences.get().accounts[account.cacheKey]?.views ?? [];
  const view = views.find((v) => v.name.toLowerCase() === name.toLowerCase());
  if (view !== undefined) return view;
  const names = views.map((v) => JSON.stringify(v.name)).join(', ');
  throw usageError(
    `${account.label} has no saved view named "${name}". ${names === '' ? 'It has no saved views.' : `Its views: ${names}.`}`,
    'export',
  );
}

/** The sales the options ask for: a saved view (its dates replaced by a period, if given), or a period and a preset. */
function requestOf(
  context: CliContext,
  account: CliAccount,
  options: CommandOptions<'export'>,
): Omit<ExportRequest, 'format'> {
  const view = options.view === undefined ? null : savedView(context, account, options.view);
  const period = view !== null && !hasPeriod(options) ? {} : resolvePeriod(options, context.today(), 'export');
  const filter = {
    ...view?.filter,
    ...period,
    ...(options['include-no-longer-reported'] === true ? { includeNoLongerReported: true } : {}),
  };
  const preset = options.preset ?? (view === null ? 'all' : undefined);
  const asOf = options['as-of'];
  return {
    filter,
    ...(view?.sort ? { sort: view.sort } : {}),
    ...(preset ? { preset } : {}),
    ...(asOf === undefined ? {} : { asOf }),
  };
}

/** What the export wrote, for --json. */
interface Written {
  outcome: ExportOutcome;
  from: string | null;
  to: string | null;
  preset: ExportPresetId | null;
  notes: string[];
  warnings: string[];
}

function resultJson(account: CliAccount, written: Written): Record<string, unknown> {
  const { outcome, from, to, preset, notes, warnings } = written;
  const fields = {
    account: account.label,
    from,
    to,
    preset,
    format: outcome.format,
    file: outcome.filePath,
    rows: outcome.rowCount,
  };
  return { event: 'result', command: 'export', ...fields, notes, warnings };
}

/** Says what was written, how fresh its statuses are and what it did with no-longer-reported sales (T3, T5). */
function report(io: CliIo, account: CliAccount, written: Written, json: boolean): void {
  for (const warning of written.warnings) io.stderr(`${warning}\n`);
  if (json) writeJsonLine(io.stdout, resultJson(account, written));
  else
    io.stdout(
      [`Wrote ${count(written.outcome.rowCount)} sales to ${written.outcome.filePath}`, ...written.notes].join('\n') +
        '\n',
    );
}

function warningsOf(io: CliIo, account: CliAccount, outcome: ExportOutcome, neverSynced: boolean): string[] {
  const sync = syncCommandFor(account, io.program);
  const stale = outcome.staleWarning === null ? null : `${outcome.staleWarning} Run: ${sync}`;
  const history = unsyncedHistoryWarning(outcome.freshness, cliSyncActions(sync));
  return [history, stale, coverageWarning(account, io.program, outcome.dataAsOf, neverSynced)].filter(
    (w) => w !== null,
  );
}

/** Runs `export`. */
export async function exportCommand(context: CliContext, options: CommandOptions<'export'>, io: CliIo): Promise<void> {
  const account = resolveAccount(context, options.account);
  const query = requestOf(context, account, options);
  const format = formatOf(options.out, options.format);
  const request: ExportRequest = { ...query, format };
  if (options.json === true && options.quiet === true) throw usageError('Give --json or --quiet, not both.', 'export');
  const out = resolve(options.out);
  if (options.force !== true && existsSync(out)) {
    throw new CliError(
      `${out} already exists and was left as it is.`,
      EXIT_CODES.export,
      'Pass --force to replace it (the old file stays until the new one is complete).',
    );
  }
  const cache = context.cache();
  const home = homeConversionOption(context, cache, options, 'export');
  noteSyncUnderWay(cache, account, io);
  const progress = progressReporter(io, options);
  const label = `Writing ${basename(out)}`;
  let total = 0;
  let startedMs = Date.now();
  try {
    const outcome = await exportFromCache(
      {
        cache,
        account: account.cacheKey,
        accountLabel: account.label,
        baseUrl: account.baseUrl,
        request,
        targetPath: out,
        appVersion: io.appVersion,
        now: context.now,
        ...(home === null ? {} : { home }),
      },
      {
        signal: io.interrupt,
        overwrite: options.force === true,
        onStart: (rows) => {
          total = rows;
          startedMs = Date.now();
        },
        onProgress: (rows) => progress.update(exportSnapshot(label, rows, total, startedMs, Date.now())),
      },
    );
    progress.done();
    const notes = [
      statusesCheckedLine(outcome.freshness),
      noLongerReportedLine(outcome.freshness, '--include-no-longer-reported'),
    ].filter((line) => line !== null);
    const warnings = warningsOf(io, account, outcome, cache.lastSyncRun(account.cacheKey, 'completed') === null);
    const { from = null, to = null } = request.filter;
    report(io, account, { outcome, from, to, preset: request.preset ?? null, notes, warnings }, options.json === true);
  } finally {
    progress.done();
  }
}
