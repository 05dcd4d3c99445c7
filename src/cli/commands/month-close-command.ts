/**
 * `close`, `reopen` and `adjustments` (B2): closing a month records its figures per currency; a later change to one
 * of its sales is an adjustment. Read and write the cache only: no network, no credentials.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { closeMonth, readAdjustments } from '../../core/books';
import { adjustmentsCsv, writeTextAtomically } from '../../core/export';
import { resolvePeriod, type CommandOptions } from '../cli-args';
import { resolveAccount } from '../cli-accounts';
import type { CliContext } from '../cli-context';
import { CliError, EXIT_CODES, usageError } from '../cli-errors';
import { count, type CliIo } from '../cli-io';
import { printRows, shapeOf } from '../cli-table';

function monthOf(context: CliContext, month: string, command: string): string {
  return resolvePeriod({ month }, context.today(), command).from.slice(0, 7);
}

/** Runs `close`. */
export async function closeCommand(context: CliContext, options: CommandOptions<'close'>, io: CliIo): Promise<void> {
  const shape = shapeOf(options, 'close');
  const account = resolveAccount(context, options.account);
  const month = monthOf(context, options.month, 'close');
  const closed = closeMonth(context.cache(), account.cacheKey, month, context.now());
  const rows = closed.figures.map((figures) => ({ month, ...figures }));
  if (shape === 'table') io.stdout(`Closed ${month} of ${account.label}.\n`);
  printRows(
    io,
    shape,
    rows,
    ['Month', 'Currency', 'Sales', 'Earned', 'Declined', 'Received', 'Receivable'],
    ['month', 'currency', 'sales', 'earned', 'declined', 'received', 'receivable'],
    [2, 3, 4, 5, 6],
  );
}

/** Runs `reopen`. */
export async function reopenCommand(context: CliContext, options: CommandOptions<'reopen'>, io: CliIo): Promise<void> {
  const account = resolveAccount(context, options.account);
  const month = monthOf(context, options.month, 'reopen');
  if (options.yes !== true)
    throw usageError(`Reopening ${month} sets its recorded figures aside: add --yes.`, 'reopen');
  context.cache().reopenMonth(account.cacheKey, month, context.now());
  io.stdout(`Reopened ${month} of ${account.label}.\n`);
}

/** Runs `adjustments`. */
export async function adjustmentsCommand(
  context: CliContext,
  options: CommandOptions<'adjustments'>,
  io: CliIo,
): Promise<void> {
  const shape = shapeOf(options, 'adjustments');
  const account = resolveAccount(context, options.account);
  const adjustments = readAdjustments(context.cache(), account.cacheKey);
  if (options.out !== undefined) {
    const out = resolve(options.out);
    if (options.force !== true && existsSync(out))
      throw new CliError(
        `${out} already exists and was left as it is.`,
        EXIT_CODES.export,
        'Pass --force to replace it.',
      );
    await writeTextAtomically(out, adjustmentsCsv(adjustments), options.force === true);
    io.stdout(`Wrote ${count(adjustments.length)} adjustments to ${out}\n`);
    return;
  }
  if (shape === 'json') {
    io.stdout(`${JSON.stringify(adjustments, null, 2)}\n`);
    return;
  }
  const rows = adjustments.flatMap(({ effect, ...adjustment }) =>
    (effect.length === 0 ? [{ currency: '', commission: '' }] : effect).map((part) => ({
      ...adjustment,
      before: adjustment.before ?? '',
      after: adjustment.after ?? '',
      ...part,
    })),
  );
  printRows(
    io,
    shape,
    rows,
    ['Month', 'Sale', 'Changed', 'Before', 'After', 'Seen', 'Currency', 'Effect'],
    ['month', 'reference', 'field', 'before', 'after', 'seenAt', 'currency', 'commission'],
    [7],
  );
}
