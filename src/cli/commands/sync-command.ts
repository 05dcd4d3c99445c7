/**
 * `sync`: makes the cache cover a period with the app's own sync engine (only missing days are fetched, plus the
 * trailing window where statuses still change), so a scheduled job and the app keep one cache and one "last synced".
 * Ctrl+C stops between requests; everything stored so far is kept.
 */
import { runSync } from '../../core/sync';
import { resolvePeriod, type CommandOptions } from '../cli-args';
import { clientFor, resolveAccount } from '../cli-accounts';
import type { CliContext } from '../cli-context';
import { count, progressLine, type CliIo } from '../cli-io';

/** Runs `sync`. */
export async function syncCommand(context: CliContext, options: CommandOptions<'sync'>, io: CliIo): Promise<void> {
  const account = resolveAccount(context, options.account);
  const { from, to } = resolvePeriod(options, context.today(), 'sync');
  const client = await clientFor(context, account);
  const cache = context.cache();
  const progress = progressLine(io);
  try {
    const result = await runSync(
      {
        cache,
        client,
        today: context.today,
        onProgress: (p) => progress.update(`Syncing ${p.from} to ${p.to}: ${count(p.records)} sales, ${p.windowsDone} of ${p.windowsTotal} periods done`),
      },
      { account: account.cacheKey, from, to, refresh: options.refresh === true, trailingDays: context.preferences.get().trailingResyncDays },
      io.interrupt,
    );
    progress.done();
    const { records, warnings } = result.progress;
    io.stdout(
      `Synced ${from} to ${to} for "${account.label}": ${count(records)} sales fetched ` +
        `(${count(result.inserted)} new, ${count(result.updated)} updated, ${count(result.statusChanges)} status changes).\n`,
    );
    if (warnings > 0) io.stderr(`Warning: ${count(warnings)} records could not be read and were left out.\n`);
  } finally {
    progress.done();
  }
}
