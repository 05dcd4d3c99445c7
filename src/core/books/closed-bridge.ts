/**
 * The bridge once months are closed (B2, B3): when the month before the period is closed, the opening is the
 * receivable recorded at that close, not today's view of it. What changed since in the sales before the period
 * (adjustments to closed months, and any other later change) is the difference between the two, counted as a
 * reduction seen in the period (negative: an addition). So opening + earned − reductions − received = closing still
 * holds exactly for every currency.
 */
import type { BridgeRow } from '../../shared/bridge';
import { addDays, type DayRange } from '../../shared/dates';
import { addDecimals, currencyDigits, decimalText, parseDecimal, type ExactDecimal } from '../../shared/money';
import type { ClosedMonthStore } from '../cache';
import { readBridge, type BridgeSource } from './bridge';

const ZERO: ExactDecimal = { units: 0n, scale: 0 };

const value = (text: string): ExactDecimal => parseDecimal(text) ?? ZERO;
const minus = (a: ExactDecimal, b: ExactDecimal): ExactDecimal => addDecimals(a, { units: -b.units, scale: b.scale });

/** The bridge of `range`, opening from the close of the month before it when that month is closed. */
export function readClosedBridge(
  source: BridgeSource & Pick<ClosedMonthStore, 'closedMonths'>,
  account: string,
  range: DayRange,
): BridgeRow[] {
  const rows = readBridge(source, account, range);
  const before = addDays(range.from, -1).slice(0, 7);
  const close = source.closedMonths(account).find((month) => month.month === before);
  if (close === undefined || !range.from.endsWith('-01')) return rows;
  const recorded = new Map(close.figures.map((figures) => [figures.currency, figures.receivable]));
  const currencies = [...new Set([...rows.map((row) => row.currency), ...recorded.keys()])].sort();
  return currencies.map((currency) => {
    const digits = currencyDigits(currency);
    const text = (amount: ExactDecimal) => decimalText(amount, digits);
    const zero = text(ZERO);
    const row = rows.find((candidate) => candidate.currency === currency) ?? {
      currency,
      from: range.from,
      to: range.to,
      opening: zero,
      earned: zero,
      reductions: zero,
      received: zero,
      closing: zero,
    };
    const opening = value(recorded.get(currency) ?? zero);
    const restated = minus(opening, value(row.opening));
    return { ...row, opening: text(opening), reductions: text(addDecimals(value(row.reductions), restated)) };
  });
}
