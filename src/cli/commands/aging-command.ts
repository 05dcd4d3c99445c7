/**
 * `aging`: what is owed and pending, per currency, by how long it has waited since the sale (B4); with
 * `--claim-file`, the sales waiting more than 90 days with their history, for a support request to the platform.
 * Reads the cache only: no network, no credentials. The JSON shape is a contract scripts depend on.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { writeClaimFile } from '../../core/export';
import { readAging } from '../../core/payouts';
import type { CommandOptions } from '../cli-args';
import { resolveAccount, type CliAccount } from '../cli-accounts';
import type { CliContext } from '../cli-context';
import { CliError, EXIT_CODES } from '../cli-errors';
import { count, type CliIo } from '../cli-io';
import { writeJsonLine } from '../progress';
import { printReport, shapeOf } from '../cli-table';
import { noteSyncUnderWay } from '../sync-under-way';

const KEYS = ['currency', 'bucket', 'owedSales', 'owed', 'pendingSales', 'pending'];
const HEADER = ['Currency', 'Days since sale', 'Owed sales', 'Owed', 'Pending sales', 'Pending'];

async function claimFile(
  context: CliContext,
  account: CliAccount,
  asOf: string,
  options: CommandOptions<'aging'>,
  io: CliIo,
): Promise<void> {
  const out = resolve(options['claim-file'] as string);
  if (options.force !== true && existsSync(out)) {
    throw new CliError(
      `${out} already exists and was left as it is.`,
      EXIT_CODES.export,
      'Pass --force to replace it (the old file stays until the new one is complete).',
    );
  }
  const sales = await writeClaimFile(context.cache(), account.cacheKey, asOf, out, options.force === true);
  if (options.json === true) writeJsonLine(io.stdout, { event: 'result', command: 'aging', file: out, sales, asOf });
  else io.stdout(`Wrote ${count(sales)} sales waiting more than 90 days on ${asOf} to ${out}\n`);
}

/** Runs `aging`. */
export async function agingCommand(context: CliContext, options: CommandOptions<'aging'>, io: CliIo): Promise<void> {
  const shape = shapeOf(options, 'aging');
  const account = resolveAccount(context, options.account);
  const asOf = options['as-of'] ?? context.today();
  const cache = context.cache();
  noteSyncUnderWay(cache, account, io);
  if (options['claim-file'] !== undefined) {
    await claimFile(context, account, asOf, options, io);
    return;
  }
  const rows = readAging(cache, account.cacheKey, asOf);
  printReport(io, shape, rows, {
    header: HEADER,
    keys: KEYS,
    right: [2, 3, 4, 5],
    empty: `Nothing owed or pending on ${asOf} in the cache of ${account.label}.`,
  });
}
