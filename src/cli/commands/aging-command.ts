/**
 * `aging`: what is owed and pending, per currency, by how long it has waited since the sale (B4). Reads the cache
 * only: no network, no credentials. The JSON shape is a contract scripts depend on.
 */
import { readAging, type AgingRow } from '../../core/payouts';
import type { CommandOptions } from '../cli-args';
import { resolveAccount } from '../cli-accounts';
import type { CliContext } from '../cli-context';
import type { CliIo } from '../cli-io';
import { printRows, shapeOf } from '../cli-table';
import { noteSyncUnderWay } from '../sync-under-way';

const KEYS = ['currency', 'bucket', 'owedSales', 'owed', 'pendingSales', 'pending'];
const HEADER = ['Currency', 'Days since sale', 'Owed sales', 'Owed', 'Pending sales', 'Pending'];

/** Runs `aging`. */
export async function agingCommand(context: CliContext, options: CommandOptions<'aging'>, io: CliIo): Promise<void> {
  const shape = shapeOf(options, 'aging');
  const account = resolveAccount(context, options.account);
  const asOf = options['as-of'] ?? context.today();
  const cache = context.cache();
  noteSyncUnderWay(cache, account, io);
  const rows: AgingRow[] = readAging(cache, account.cacheKey, asOf);
  if (shape === 'table' && rows.length === 0) {
    io.stdout(`Nothing owed or pending on ${asOf} in the cache of ${account.label}.\n`);
    return;
  }
  printRows(
    io,
    shape,
    rows.map((row) => ({ ...row })),
    HEADER,
    KEYS,
    [2, 3, 4, 5],
  );
}
