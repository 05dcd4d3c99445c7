/**
 * `rates import` and `rates status` (L1): the ECB's euro reference rates stored in the cache, from a file the user
 * downloaded. Read and write the cache only: no network, no credentials.
 */
import { resolve } from 'node:path';
import type { RatesStatus } from '../../shared/reference-rates';
import { importRatesFile } from '../../core/rates';
import type { CommandOptions } from '../cli-args';
import type { CliContext } from '../cli-context';
import { count, type CliIo } from '../cli-io';

function statusText(status: RatesStatus): string {
  const from = status.kind === 'file' ? `the file ${status.origin}` : `the ECB (${status.origin})`;
  return `${count(status.days)} days of rates from ${status.firstDay} to ${status.lastDay} for ${status.currencies.length} currencies (${status.currencies.join(', ')}), from ${from}, stored ${status.importedAt}.\n`;
}

/** Runs `rates import`. */
export async function ratesImportCommand(
  context: CliContext,
  options: CommandOptions<'rates import'>,
  io: CliIo,
): Promise<void> {
  const status = await importRatesFile(context.cache(), resolve(options.file), context.now());
  if (options.json === true) io.stdout(`${JSON.stringify({ stored: true, ...status }, null, 2)}\n`);
  else io.stdout(`Stored ${statusText(status)}`);
}

/** Runs `rates status`. */
export async function ratesStatusCommand(
  context: CliContext,
  options: CommandOptions<'rates status'>,
  io: CliIo,
): Promise<void> {
  const status = context.cache().ratesStatus();
  if (options.json === true) {
    io.stdout(`${JSON.stringify(status === null ? { stored: false } : { stored: true, ...status }, null, 2)}\n`);
    return;
  }
  io.stdout(
    status === null
      ? `No reference rates are stored. Download eurofxref-hist.zip from the ECB, unzip it, then run "${io.program} rates import eurofxref-hist.csv".\n`
      : statusText(status),
  );
}
