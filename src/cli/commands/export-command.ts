/**
 * `export`: writes a month-end file from the cache with the app's own exporter, so the file a scheduled job writes is
 * the file the app writes. It needs no network and no credentials. An existing file is kept unless --force is given,
 * and even then it is replaced only once the new file is complete. Gaps in the cache, and a payments export whose open
 * sales were checked more than 24 hours ago, are reported on stderr.
 */
import { existsSync, readFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { z } from 'zod';
import type { ExportFormat } from '../../shared/export-presets';
import type { DataAsOf } from '../../shared/sales-query-types';
import { exportFromCache, noLongerReportedLine, statusesCheckedLine, type ExportOutcome } from '../../core/export';
import { resolvePeriod, type CommandOptions } from '../cli-args';
import { resolveAccount, type CliAccount } from '../cli-accounts';
import type { CliContext } from '../cli-context';
import { CliError, EXIT_CODES, usageError } from '../cli-errors';
import { count, progressLine, type CliIo } from '../cli-io';

/** The app's version from package.json, for the About sheet. */
export function appVersion(): string {
  try {
    const parsed = z.object({ version: z.string() }).safeParse(JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')));
    return parsed.success ? parsed.data.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

function formatOf(out: string, format: ExportFormat | undefined): ExportFormat {
  const extension = extname(out).toLowerCase().slice(1);
  const implied = extension === 'csv' || extension === 'xlsx' ? extension : undefined;
  if (format !== undefined && implied !== undefined && format !== implied) {
    throw usageError(`--out ends in .${implied} but --format is ${format}. Make them agree.`, 'export');
  }
  return format ?? implied ?? 'xlsx';
}

function syncCommandFor(account: CliAccount): string {
  return `npm run cli -- sync --account ${JSON.stringify(account.kind === 'demo' ? 'demo' : account.label)}`;
}

function coverageWarning(account: CliAccount, dataAsOf: DataAsOf | null, neverSynced: boolean): string | null {
  const sync = syncCommandFor(account);
  if (dataAsOf !== null && !dataAsOf.complete) {
    const missing = dataAsOf.missing.map((r) => (r.from === r.to ? r.from : `${r.from} to ${r.to}`)).join(', ');
    return `Warning: the cache has never synced ${missing}, so sales of those days are missing from the file. Run: ${sync} --from … --to …`;
  }
  if (neverSynced) return `Warning: this account was never synced, so the file may miss sales. Run: ${sync} --from … --to …`;
  return null;
}

/** Says what was written, how fresh its statuses are and what it did with no-longer-reported sales (T3, T5). */
function report(io: CliIo, account: CliAccount, outcome: ExportOutcome): void {
  const lines = [
    `Wrote ${count(outcome.rowCount)} sales to ${outcome.filePath}`,
    statusesCheckedLine(outcome.freshness),
    noLongerReportedLine(outcome.freshness, '--include-no-longer-reported'),
  ];
  io.stdout(lines.filter((line) => line !== null).join('\n') + '\n');
  if (outcome.staleWarning !== null) io.stderr(`${outcome.staleWarning} Run: ${syncCommandFor(account)}\n`);
}

/** Runs `export`. */
export async function exportCommand(context: CliContext, options: CommandOptions<'export'>, io: CliIo): Promise<void> {
  const account = resolveAccount(context, options.account);
  const { from, to } = resolvePeriod(options, context.today(), 'export');
  const format = formatOf(options.out, options.format);
  const out = resolve(options.out);
  if (options.force !== true && existsSync(out)) {
    throw new CliError(
      `${out} already exists and was left as it is.`,
      EXIT_CODES.export,
      'Pass --force to replace it (the old file stays until the new one is complete).',
    );
  }
  const cache = context.cache();
  const progress = progressLine(io);
  let total = 0;
  try {
    const outcome = await exportFromCache(
      {
        cache,
        account: account.cacheKey,
        accountLabel: account.label,
        baseUrl: account.baseUrl,
        request: {
          filter: { from, to, ...(options['include-no-longer-reported'] === true ? { includeNoLongerReported: true } : {}) },
          format,
          preset: options.preset ?? 'all',
        },
        targetPath: out,
        appVersion: appVersion(),
        now: context.now,
      },
      {
        signal: io.interrupt,
        overwrite: options.force === true,
        onStart: (rows) => (total = rows),
        onProgress: (rows, phase) => progress.update(phase === 'rows' ? `Writing ${count(rows)} of ${count(total)} sales` : 'Finishing the file'),
      },
    );
    progress.done();
    report(io, account, outcome);
    const warning = coverageWarning(account, outcome.dataAsOf, cache.lastSyncRun(account.cacheKey, 'completed') === null);
    if (warning) io.stderr(`${warning}\n`);
  } finally {
    progress.done();
  }
}
