/**
 * `ledger`: the payouts of one currency received in a period as a file a bookkeeping program imports (L3). Reads the
 * cache only, with the same payouts and the same completeness warnings as `payouts`.
 */
import { resolve } from 'node:path';
import { LedgerFileExists, writeLedger } from '../../core/ledger';
import { paymentHistoryWarnings, readPaymentHistory } from '../../core/payouts';
import { resolvePeriod, type CommandOptions } from '../cli-args';
import { cliSyncActions, resolveAccount, syncCommandFor } from '../cli-accounts';
import type { CliContext } from '../cli-context';
import { CliError, EXIT_CODES } from '../cli-errors';
import { count, type CliIo } from '../cli-io';
import { noteSyncUnderWay } from '../sync-under-way';

/** Runs `ledger`. */
export async function ledgerCommand(context: CliContext, options: CommandOptions<'ledger'>, io: CliIo): Promise<void> {
  const account = resolveAccount(context, options.account);
  const range = resolvePeriod(options, context.today(), 'ledger');
  const cache = context.cache();
  // Dates and journal accounts as set in the app's Settings, unless the command says otherwise.
  const preferences = context.preferences.get();
  noteSyncUnderWay(cache, account, io);
  const history = readPaymentHistory(cache, account.cacheKey, range, context.now(), { currencies: [options.currency] });
  const actions = cliSyncActions(syncCommandFor(account, io.program));
  for (const warning of paymentHistoryWarnings(history, actions)) io.stderr(`Warning: ${warning}\n`);
  try {
    const written = await writeLedger(cache, {
      account: account.cacheKey,
      currency: options.currency,
      range,
      today: context.today(),
      format: options.format,
      dateFormat: options['date-format'] ?? preferences.ledgerDateFormat,
      payee: account.label,
      accounts: { bank: preferences.journalBankAccount, income: preferences.journalIncomeAccount },
      path: resolve(options.out),
      overwrite: options.force === true,
      ...(options.split === undefined ? {} : { split: options.split }),
    });
    if (written.scheduled > 0)
      io.stderr(`Note: ${count(written.scheduled)} payouts dated after today are announced, not received: left out.\n`);
    if (written.rounded > 0)
      io.stderr(`Note: ${count(written.rounded)} payouts had a fraction of a minor unit and were rounded.\n`);
    const what = options.split === undefined ? 'payouts' : `payout lines by ${options.split}`;
    io.stdout(`Wrote ${count(written.lines.length)} ${options.currency} ${what} to ${written.paths.join(', ')}\n`);
  } catch (error) {
    if (!(error instanceof LedgerFileExists)) throw error;
    throw new CliError(
      `${error.path} already exists and was left as it is.`,
      EXIT_CODES.export,
      'Pass --force to replace it.',
    );
  }
}
