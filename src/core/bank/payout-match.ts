/**
 * Matching payouts to bank lines (L4). A payout is received by a bank line of the same currency, dated from the
 * payment date up to `days` after, whose amount is the payout's or within `tolerance` minor units of it (a fee, a
 * conversion). Of all the possible pairs, the closest in amount are matched first (an exact amount always before a
 * fee), then the nearest in days, then the earliest payout and the first line in the file; a payout and a line are
 * each matched once at most — so a neighbour within the tolerance never takes a line whose own payout it fits
 * exactly, and the result is the same every time. Matches the user made by hand come first and are kept as they are.
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

/** Every pair of `payouts` and `lines` that may match, best first. */
function candidatePairs(payouts: readonly PayoutLine[], lines: readonly BankLine[], options: MatchOptions) {
  const pairs: { payout: PayoutLine; line: BankLine; off: bigint; days: number; order: number }[] = [];
  for (const payout of payouts) {
    const want = payoutMinor(payout);
    const tolerance = roundDecimal(options.tolerance, currencyDigits(payout.currency)).units;
    lines.forEach((line, order) => {
      if (line.currency !== payout.currency) return;
      const days = daysBetween(payout.paymentDate, line.day);
      const off = abs(lineMinor(line.amount, line.currency) - want);
      if (days >= 0 && days <= options.days && off <= tolerance) pairs.push({ payout, line, off, days, order });
    });
  }
  return pairs.sort(
    (a, b) =>
      (a.off < b.off ? -1 : a.off > b.off ? 1 : 0) ||
      a.days - b.days ||
      (a.payout.paymentDate < b.payout.paymentDate ? -1 : a.payout.paymentDate > b.payout.paymentDate ? 1 : 0) ||
      a.order - b.order,
  );
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
  const taken = new Set<PayoutLine>();
  for (const pair of candidatePairs(open, lines, options)) {
    if (taken.has(pair.payout) || used.has(pair.line.key)) continue;
    taken.add(pair.payout);
    used.add(pair.line.key);
    matched.push({
      payout: pair.payout,
      line: pair.line,
      difference: differenceText(pair.line, pair.payout),
      manual: false,
    });
  }
  for (const payout of open) {
    if (taken.has(payout)) continue;
    // Paid before the statement's first day: its line may be on an earlier statement, so no verdict either way.
    if (payout.paymentDate < options.linesFrom) continue;
    (addDays(payout.paymentDate, options.days) > options.linesUntil ? tooRecent : unpaid).push(payout);
  }
  matched.sort((a, b) => (a.payout.paymentDate < b.payout.paymentDate ? -1 : 1));
  const payer = options.payer?.trim().toLowerCase() ?? '';
  const unknown = lines.filter(
    (line) => !used.has(line.key) && payer !== '' && line.description.toLowerCase().includes(payer),
  );
  const unmatchedLines = lines.filter((line) => !used.has(line.key));
  return { matched, unpaid, tooRecent, unknown, unmatchedLines };
}
