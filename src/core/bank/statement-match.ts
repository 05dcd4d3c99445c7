/**
 * Importing a bank statement and matching it to the payouts (L4): the file read with the layout remembered for its
 * header (or detected, or given), its lines stored once per account (importing it again adds nothing), the layout
 * remembered, and every stored line of the statement's days matched to the received payouts of those days — the
 * payouts Payouts and `ledger` show. The sales are never touched.
 */
import type { BankLine, MatchReport, PayoutLine, StatementLayout, StatementMatch } from '../../shared/bank';
import { addDays } from '../../shared/dates';
import type { ExactDecimal } from '../../shared/money';
import type { BankStatementStore } from '../cache';
import { ledgerLines } from '../ledger';
import { readPayouts, type PayoutSource } from '../payouts';
import { matchPayouts, type MatchOptions } from './payout-match';
import { headerKeyOf, readStatement } from './statement-file';

/** What to import and how to match. */
export interface StatementImport {
  account: string;
  bytes: Uint8Array;
  fileName: string;
  /** The statement's currency when it has no currency column. */
  currency: string | null;
  layout?: Partial<StatementLayout>;
  days: number;
  tolerance: ExactDecimal;
  payer: string | null;
  today: string;
  at: Date;
}

/** What the import did and what matching found. */
export type StatementResult = StatementMatch;

/** The received payouts of `currencies` paid from `from` to `to`, as the bank should show them. */
function payoutLines(source: PayoutSource, account: string, from: string, to: string, today: string): PayoutLine[] {
  const { payouts } = readPayouts(source, account, { from, to }, today);
  const currencies = [...new Set(payouts.map((payout) => payout.currency))];
  return currencies.flatMap((currency) =>
    ledgerLines(payouts, currency).lines.map((line) => ({
      paymentDate: line.date,
      currency,
      amount: line.amount,
      sales: line.sales,
    })),
  );
}

/** Matches the payouts of `currencies` paid from `from` to `to` against the stored lines up to `days` after. */
export function matchStored(
  cache: PayoutSource & BankStatementStore,
  account: string,
  range: { from: string; to: string },
  options: Omit<MatchOptions, 'manual' | 'linesFrom' | 'linesUntil'> & { today: string; currencies: string[] },
): MatchReport {
  // Payouts paid up to `days` before the range may have their line in it; a bank account holds its own currencies.
  const payouts = payoutLines(cache, account, addDays(range.from, -options.days), range.to, options.today).filter(
    (payout) => options.currencies.includes(payout.currency),
  );
  const lines: BankLine[] = cache
    .bankLines(account, range.from, addDays(range.to, options.days))
    .filter((line) => options.currencies.includes(line.currency));
  const days = lines.map((line) => line.day).sort();
  return matchPayouts(payouts, lines, {
    ...options,
    manual: cache.manualMatches(account),
    linesFrom: days[0] ?? range.from,
    linesUntil: days.at(-1) ?? range.to,
  });
}

/** Imports the statement and matches the payouts of its days. */
export function importStatement(cache: PayoutSource & BankStatementStore, input: StatementImport): StatementResult {
  const read = readStatement(input.bytes, input.currency, input.layout, (key) => cache.layoutFor(key));
  const added = cache.addBankLines(input.account, read.lines, input.fileName, input.at);
  cache.rememberLayout(headerKeyOf(read.header), read.layout);
  const days = read.lines.map((line) => line.day).sort();
  // The statement's days: the payouts whose bank line may be on it are matched against every line stored for them.
  const from = days[0] as string;
  const to = days.at(-1) as string;
  const currencies = [...new Set(read.lines.map((line) => line.currency))];
  const report = matchStored(cache, input.account, { from, to }, { ...input, currencies });
  return {
    header: read.header,
    preview: read.preview,
    layout: read.layout,
    lines: read.lines.length,
    added,
    from,
    to,
    currencies,
    report,
  };
}
