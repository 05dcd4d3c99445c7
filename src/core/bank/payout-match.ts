/**
 * Matching payouts to bank lines (L4). A payout is received by a bank line of the same currency, dated from the
 * payment date up to `days` after, whose amount is the payout's or within `tolerance` minor units of it (a fee, a
 * conversion). Payouts are matched in date order; each takes the nearest line in date, then in amount, then the
 * first in the file, and a line receives one payout at most — so the result is the same every time. Matches the user
 * made by hand come first and are kept as they are.
 */
import type { BankLine, MatchReport, PayoutLine } from '../../shared/bank';
import { addDays } from '../../shared/dates';
import { currencyDigits, decimalText, parseDecimal, roundDecimal, type ExactDecimal } from '../../shared/money';
import { lineMinor } from './statement-file';

/** How payouts and lines are matched. */
export interface MatchOptions {
  /** Days after the payment date a bank line may be dated. */
  days: number;
  /** The largest difference accepted (a fee, a conversion), in each currency's own units. */
  tolerance: ExactDecimal;
  /** Text the platform's bank lines hold (its name as the bank shows it), to list the lines no payout explains. */
  payer: string | null;
  /** Matches made by hand: payout key (`date|currency`) → line key. */
  manual: ReadonlyMap<string, string>;
  /** The days the bank lines cover: a payout paid before them may have arrived before, one may arrive after. */
  linesFrom: string;
  linesUntil: string;
}

/** The key a manual match is kept under. */
export function payoutKey(payout: Pick<PayoutLine, 'paymentDate' | 'currency'>): string {
  return `${payout.paymentDate}|${payout.currency}`;
}

const daysBetween = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
const abs = (value: bigint): bigint => (value < 0n ? -value : value);

function payoutMinor(payout: PayoutLine): bigint {
  return roundDecimal(parseDecimal(payout.amount) ?? { units: 0n, scale: 0 }, currencyDigits(payout.currency)).units;
}

function differenceText(line: BankLine, payout: PayoutLine): string {
  const digits = currencyDigits(payout.currency);
  return decimalText({ units: lineMinor(line.amount, line.currency) - payoutMinor(payout), scale: digits }, digits);
}

/** The best free line for `payout`, or undefined. */
function bestLine(payout: PayoutLine, lines: readonly BankLine[], used: ReadonlySet<string>, options: MatchOptions) {
  const want = payoutMinor(payout);
  const tolerance = roundDecimal(options.tolerance, currencyDigits(payout.currency)).units;
  let best: { line: BankLine; days: number; off: bigint } | undefined;
  for (const line of lines) {
    if (used.has(line.key) || line.currency !== payout.currency) continue;
    const days = daysBetween(payout.paymentDate, line.day);
    const off = abs(lineMinor(line.amount, line.currency) - want);
    if (days < 0 || days > options.days || off > tolerance) continue;
    if (best === undefined || days < best.days || (days === best.days && off < best.off)) best = { line, days, off };
  }
  return best?.line;
}

/** Matches `payouts` to `lines`. */
export function matchPayouts(
  payouts: readonly PayoutLine[],
  lines: readonly BankLine[],
  options: MatchOptions,
): MatchReport {
  const used = new Set<string>();
  const byKey = new Map(lines.map((line) => [line.key, line]));
  const matched: MatchReport['matched'] = [];
  const unpaid: PayoutLine[] = [];
  const tooRecent: PayoutLine[] = [];
  const ordered = [...payouts].sort((a, b) =>
    a.paymentDate < b.paymentDate ? -1 : a.paymentDate > b.paymentDate ? 1 : 0,
  );
  const open: PayoutLine[] = [];
  for (const payout of ordered) {
    const line = byKey.get(options.manual.get(payoutKey(payout)) ?? '');
    if (line === undefined || used.has(line.key)) open.push(payout);
    else {
      used.add(line.key);
      matched.push({ payout, line, difference: differenceText(line, payout), manual: true });
    }
  }
  for (const payout of open) {
    const line = bestLine(payout, lines, used, options);
    if (line === undefined) {
      // Paid before the statement's first day: its line may be on an earlier statement, so no verdict either way.
      if (payout.paymentDate < options.linesFrom) continue;
      (addDays(payout.paymentDate, options.days) > options.linesUntil ? tooRecent : unpaid).push(payout);
    } else {
      used.add(line.key);
      matched.push({ payout, line, difference: differenceText(line, payout), manual: false });
    }
  }
  matched.sort((a, b) => (a.payout.paymentDate < b.payout.paymentDate ? -1 : 1));
  const payer = options.payer?.trim().toLowerCase() ?? '';
  const unknown = lines.filter(
    (line) => !used.has(line.key) && payer !== '' && line.description.toLowerCase().includes(payer),
  );
  const unmatchedLines = lines.filter((line) => !used.has(line.key));
  return { matched, unpaid, tooRecent, unknown, unmatchedLines };
}
