/**
 * `match` (L4): imports a bank statement CSV into the cache (apart from the sales; the same file twice adds nothing)
 * and matches each payout to the bank line that received it. Reads and writes the cache only: no network.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { BankLine, PayoutLine } from '../../shared/bank';
import { parseDecimal } from '../../shared/money';
import { importStatement, MAX_STATEMENT_BYTES } from '../../core/bank';
import type { CommandOptions } from '../cli-args';
import { resolveAccount } from '../cli-accounts';
import type { CliContext } from '../cli-context';
import { CliError, EXIT_CODES } from '../cli-errors';
import { count, type CliIo } from '../cli-io';
import { printRows } from '../cli-table';

const payoutText = (p: PayoutLine) => `${p.paymentDate} ${p.amount} ${p.currency} (${count(p.sales)} sales)`;
const lineText = (l: BankLine) => `${l.day} ${l.amount} ${l.currency} ${l.description}`;

async function statementBytes(path: string): Promise<Buffer> {
  const size = await stat(path).then(
    (info) => info.size,
    () => {
      throw new CliError(`${path} could not be read.`, EXIT_CODES.usage, 'Check the file name and try again.');
    },
  );
  if (size > MAX_STATEMENT_BYTES)
    throw new CliError(
      `${path} is larger than a bank statement can be (10 MB). Nothing was imported.`,
      EXIT_CODES.usage,
      'Export a shorter period from your bank.',
    );
  return readFile(path);
}

/** Runs `match`. */
export async function matchCommand(context: CliContext, options: CommandOptions<'match'>, io: CliIo): Promise<void> {
  const account = resolveAccount(context, options.account);
  const path = resolve(options.bank);
  const result = importStatement(context.cache(), {
    account: account.cacheKey,
    bytes: await statementBytes(path),
    fileName: basename(path),
    currency: options.currency ?? null,
    days: options.days === undefined ? 10 : Number(options.days),
    tolerance: parseDecimal(options.tolerance ?? '0') ?? { units: 0n, scale: 0 },
    payer: options.payer ?? null,
    today: context.today(),
    at: context.now(),
  });
  const { report } = result;
  if (options.json === true) {
    const statement = {
      file: basename(path),
      lines: result.lines,
      added: result.added,
      from: result.from,
      to: result.to,
    };
    io.stdout(`${JSON.stringify({ statement, ...report }, null, 2)}\n`);
    return;
  }
  io.stdout(
    `Read ${count(result.lines)} bank lines from ${result.from} to ${result.to} (${count(result.added)} new).\n\n`,
  );
  io.stdout(
    report.unpaid.length === 0
      ? 'Every payout of these days reached the bank.\n'
      : `Payouts with no bank line (${count(report.unpaid.length)}):\n${report.unpaid.map((p) => `  ${payoutText(p)}\n`).join('')}`,
  );
  if (report.tooRecent.length > 0)
    io.stdout(
      `\nToo recent to tell (may arrive after the statement's last day):\n${report.tooRecent.map((p) => `  ${payoutText(p)}\n`).join('')}`,
    );
  if (report.matched.length > 0) {
    io.stdout('\nMatched:\n');
    printRows(
      io,
      'table',
      report.matched.map(({ payout, line, difference, manual }) => ({
        paid: payout.paymentDate,
        currency: payout.currency,
        amount: payout.amount,
        bank: line.day,
        received: line.amount,
        difference,
        how: manual ? 'by hand' : 'auto',
      })),
      ['Paid', 'Currency', 'Payout', 'Bank day', 'Received', 'Difference', 'Match'],
      ['paid', 'currency', 'amount', 'bank', 'received', 'difference', 'how'],
      [2, 4, 5],
    );
  }
  if (report.unknown.length > 0)
    io.stdout(
      `\nBank lines like the platform's with no payout:\n${report.unknown.map((l) => `  ${lineText(l)}\n`).join('')}`,
    );
}
