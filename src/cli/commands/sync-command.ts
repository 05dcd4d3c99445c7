/**
 * `sync`: keeps the cache current with the app's own sync engine, so a scheduled job and the app keep one cache and
 * one "last synced". With no period it is the routine sync (T1): the trailing window in full plus every open
 * sale however old. With a period, the days of it not yet synced; with --refresh, every day of it again (T4).
 * Ctrl+C stops between requests; everything stored so far is kept, and the next run resumes from there. Progress
 * comes from the engine's own reports; with --json, stdout is JSON lines ending with the result.
 */
import type { SalesCache } from '../../core/cache';
import { checkTimeText } from '../../shared/dates';
import type { ServiceClient } from '../../core/service';
import {
  busyMessage,
  runRoutineSync,
  runSync,
  type RoutineSyncResult,
  type SyncLeaseOptions,
  type SyncResult,
} from '../../core/sync';
import { AppError } from '../../shared/errors';
import { moneyChangeCounts } from '../../shared/sale-changes';
import type { SyncProgress } from '../../shared/sync-progress';
import { hasPeriod, resolvePeriod, type CommandOptions } from '../cli-args';
import { clientFor, resolveAccount, type CliAccount } from '../cli-accounts';
import type { CliContext } from '../cli-context';
import { CliError, EXIT_CODES, usageError } from '../cli-errors';
import { count, type CliIo } from '../cli-io';
import { progressReporter, syncSnapshot, writeJsonLine, type ProgressReporter } from '../progress';

/** What both kinds of sync need. */
interface SyncRun {
  context: CliContext;
  account: CliAccount;
  client: ServiceClient;
  cache: SalesCache;
  progress: ProgressReporter;
  io: CliIo;
  json: boolean;
  /** How this run meets the app's or another command's sync of the same account. */
  lease: SyncLeaseOptions;
}

/** Waits up to `seconds` for another process's sync of the account, saying so on stderr once. */
function leaseOptions(io: CliIo, label: string, seconds: number): SyncLeaseOptions {
  return {
    kind: 'command',
    waitMs: seconds * 1000,
    onWait: (holder) => {
      if (holder !== null)
        io.stderr(`${busyMessage(holder)} Waiting up to ${plural(seconds, 'second', 'seconds')} for it to finish.\n`);
      else io.stderr(`The other sync of "${label}" has finished; syncing now.\n`);
    },
  };
}

/** The engine's progress callback, reporting under `label`. */
function onProgress(run: SyncRun, label: string, unit: 'periods' | 'steps'): (progress: SyncProgress) => void {
  return (progress) => run.progress.update(syncSnapshot(progress, label, unit, Date.now()));
}

/** What a run changed, for --json. */
function resultFields(result: SyncResult): Record<string, unknown> {
  return {
    fetched: result.progress.records,
    inserted: result.inserted,
    updated: result.updated,
    statusChanges: result.statusChanges,
    amountChanges: result.amountChanges,
    currencyChanges: result.currencyChanges,
    dateChanges: result.dateChanges,
    restatements: result.restatements,
    noLongerReported: result.noLongerReported,
    reportedAgain: result.reportedAgain,
    openSalesChecked: result.openSalesChecked,
    daysFetchedAgain: result.daysFetchedAgain,
    unreadableRecords: result.progress.warnings,
    notes: result.notes,
    unstoredDays: result.unstored.map((span) => ({
      from: span.from,
      to: span.to,
      records: span.count,
      reasons: span.reasons,
    })),
  };
}

function plural(n: number, one: string, many: string): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/** "2 amount changes, 1 currency change, 1 restated paid sale": the money changes of a run, none when it had none (R2). */
function moneyChangeParts(result: SyncResult): string[] {
  return moneyChangeCounts(result).map(([n, one, many]) => plural(n, one, many));
}

/** "3 status changes, 1 amount change, 5 new sales, 1 no longer reported": what the run changed in the cache. */
function changesText(result: SyncResult): string {
  const parts = [
    plural(result.statusChanges, 'status change', 'status changes'),
    ...moneyChangeParts(result),
    plural(result.inserted, 'new sale', 'new sales'),
  ];
  if (result.noLongerReported > 0) parts.push(`${count(result.noLongerReported)} no longer reported by the service`);
  if (result.reportedAgain > 0) parts.push(`${count(result.reportedAgain)} reported again`);
  return parts.join(', ');
}

/** A paid sale that changed restates a paid period: say so on stderr, and how to list them (R2). */
function warnRestatements(run: SyncRun, result: SyncResult): void {
  if (result.restatements === 0) return;
  run.io.stderr(
    `Note: ${plural(result.restatements, 'sale that was paid has', 'sales that were paid have')} changed, which restates a paid period (its payout). ` +
      `List them with: ${run.io.program} changes --account "${run.account.label}" --restatements\n`,
  );
}

/** At most this many spans of days are named; the About sheet of an export lists them all. */
const NAMED_SPANS = 10;

/**
 * Records the service sent that could not be stored, by day (T8): those days are not complete until they are; then
 * what did not go as planned, one note a line (a sale sent twice with other values in one walk, R6: which was kept and
 * why).
 */
function warn(io: CliIo, result: SyncResult): void {
  const warning = warningText(result);
  if (warning !== null) io.stderr(`${warning}\n`);
  for (const note of result.notes) io.stderr(`Note: ${note}\n`);
}

function warningText(result: SyncResult): string | null {
  if (result.unstored.length === 0) {
    return result.progress.warnings > 0
      ? `Warning: ${count(result.progress.warnings)} records could not be read and were left out.`
      : null;
  }
  const records = result.unstored.reduce((n, span) => n + span.count, 0);
  const days = result.unstored
    .slice(0, NAMED_SPANS)
    .map((span) => `${span.from === span.to ? span.from : `${span.from} to ${span.to}`} (${span.reasons.join('; ')})`);
  if (result.unstored.length > NAMED_SPANS) days.push('…');
  return (
    `Warning: ${plural(records, 'record', 'records')} the service sent could not be stored, so these days are not complete: ${days.join(', ')}. ` +
    'Every sync fetches them again, and an export of them says so on its About sheet.'
  );
}

/** The oldest status check among the account's cached sales, and among its open ones (T3). */
function statusesCheckedLine(cache: SalesCache, account: CliAccount): string | null {
  const age = cache.oldestStatusCheck(account.cacheKey, {});
  if (age.sales === 0) return null;
  const oldest = age.oldest === null ? 'never' : checkTimeText(age.oldest);
  const open = age.oldestOpen === null ? '' : `; open sales checked ${checkTimeText(age.oldestOpen)}`;
  const never = age.neverChecked > 0 ? `; ${plural(age.neverChecked, 'sale', 'sales')} never checked` : '';
  return `Statuses checked ${oldest} (the oldest check among ${plural(age.sales, 'cached sale', 'cached sales')})${open}${never}.`;
}

/** The JSON result line of a routine sync. */
function routineJson(run: SyncRun, result: RoutineSyncResult, trailingDays: number): Record<string, unknown> {
  const age = run.cache.oldestStatusCheck(run.account.cacheKey, {});
  return {
    event: 'result',
    command: 'sync',
    kind: 'routine',
    account: run.account.label,
    trailingDays,
    ...resultFields(result),
    statusesCheckedAt: age.oldest,
    openStatusesCheckedAt: age.oldestOpen,
    warnings: [warningText(result)].filter((w) => w !== null),
  };
}

async function routineSync(run: SyncRun): Promise<void> {
  const { trailingResyncDays: trailingDays, finalSalesRecheckDays: rotationDays } = run.context.preferences.get();
  const result = await runRoutineSync(
    {
      cache: run.cache,
      client: run.client,
      today: run.context.today,
      onProgress: onProgress(run, 'Checking statuses', 'steps'),
      lease: run.lease,
    },
    { account: run.account.cacheKey, trailingDays, rotationDays },
    run.io.interrupt,
  );
  run.progress.done();
  warn(run.io, result);
  warnRestatements(run, result);
  if (run.json) {
    writeJsonLine(run.io.stdout, routineJson(run, result, trailingDays));
    return;
  }
  const window = trailingDays <= 0 ? 'today' : `the last ${plural(trailingDays, 'day', 'days')}`;
  run.io.stdout(
    `Synced "${run.account.label}": ${window} fetched in full, ${plural(result.openSalesChecked, 'older open sale', 'older open sales')} re-checked${fetchedAgainText(result)}; ` +
      `${changesText(result)}.\n`,
  );
  const checked = statusesCheckedLine(run.cache, run.account);
  if (checked) run.io.stdout(`${checked}\n`);
}

async function periodSync(run: SyncRun, from: string, to: string, refresh: boolean): Promise<void> {
  const result = await runSync(
    {
      cache: run.cache,
      client: run.client,
      today: run.context.today,
      onProgress: onProgress(run, `Syncing ${from} to ${to}`, 'periods'),
      lease: run.lease,
    },
    {
      account: run.account.cacheKey,
      from,
      to,
      refresh,
      trailingDays: run.context.preferences.get().trailingResyncDays,
    },
    run.io.interrupt,
  );
  run.progress.done();
  warn(run.io, result);
  warnRestatements(run, result);
  if (run.json) {
    const warnings = [warningText(result)].filter((w) => w !== null);
    const fields = { event: 'result', command: 'sync', kind: 'period', account: run.account.label, from, to, refresh };
    writeJsonLine(run.io.stdout, { ...fields, ...resultFields(result), warnings });
    return;
  }
  run.io.stdout(
    `Synced ${from} to ${to} for "${run.account.label}": ${count(result.progress.records)} sales fetched ` +
      `(${[
        `${count(result.inserted)} new`,
        `${count(result.updated)} updated`,
        plural(result.statusChanges, 'status change', 'status changes'),
        ...moneyChangeParts(result),
        ...(result.noLongerReported > 0 ? [`${count(result.noLongerReported)} no longer reported by the service`] : []),
      ].join(', ')})` +
      `; ${plural(result.openSalesChecked, 'open sale', 'open sales')} made up to ${to} re-checked${fetchedAgainText(result)}.\n`,
  );
}

/** " (2 days with changes fetched again)" after the open sales re-checked, or nothing. */
function fetchedAgainText(result: SyncResult): string {
  return result.daysFetchedAgain > 0
    ? ` (${plural(result.daysFetchedAgain, 'day', 'days')} with changes fetched again)`
    : '';
}

/** Another process syncs the account: its own exit code, and what to do instead of reading it as a failure. */
function busyError(error: AppError, waited: number): CliError {
  const tried = waited > 0 ? ` It was still syncing after ${plural(waited, 'second', 'seconds')}.` : '';
  // Without a cause, the lease was never held: this run stopped before it fetched anything.
  const nothing = error.cause === undefined ? ' This run fetched nothing.' : '';
  return new CliError(
    `${error.message}${tried}${nothing}`,
    EXIT_CODES.busy,
    (program) =>
      `Run it again once that sync has finished, or add --wait <seconds> to wait for it (e.g. "${program} sync … --wait 600").`,
  );
}

/** Runs `sync`. */
export async function syncCommand(context: CliContext, options: CommandOptions<'sync'>, io: CliIo): Promise<void> {
  const account = resolveAccount(context, options.account);
  const period = hasPeriod(options) ? resolvePeriod(options, context.today(), 'sync') : null;
  if (period === null && options.refresh === true) {
    throw usageError(
      '--refresh fetches a period again: give it with --from and --to (yyyy-mm-dd), or with --month.',
      'sync',
    );
  }
  if (options.json === true && options.quiet === true) throw usageError('Give --json or --quiet, not both.', 'sync');
  const run: SyncRun = {
    context,
    account,
    client: await clientFor(context, account),
    cache: context.cache(),
    progress: progressReporter(io, options),
    io,
    json: options.json === true,
    lease: leaseOptions(io, account.label, options.wait ?? 0),
  };
  try {
    if (period === null) await routineSync(run);
    else await periodSync(run, period.from, period.to, options.refresh === true);
  } catch (error) {
    if (error instanceof AppError && error.code === 'SYNC_BUSY') throw busyError(error, options.wait ?? 0);
    // Whichever request was running when Ctrl+C came, the user stopped the sync: say what is kept and how to go on.
    if (!io.interrupt.aborted) throw error;
    throw new CliError(
      'The sync was cancelled. Everything fetched so far is kept in the cache.',
      EXIT_CODES.cancelled,
      'Run the same command again to continue.',
    );
  } finally {
    run.progress.done();
  }
}
