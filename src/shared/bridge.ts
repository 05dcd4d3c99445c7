/**
 * The earned-to-received bridge of a period (B3), per currency: opening receivable + earned − reductions − received
 * = closing receivable. Amounts are exact decimal text in the currency's own decimals (more only when a sale carries
 * an amount finer than its currency). Read by the CLI's `bridge`, the accounting export's Bridge sheet and Payouts.
 */
import type { RateRule } from './rate-rule';

/** One currency's bridge over the days `from` to `to` (inclusive). */
export interface BridgeRow {
  currency: string;
  from: string;
  to: string;
  opening: string;
  earned: string;
  reductions: string;
  received: string;
  closing: string;
}

/**
 * One currency's bridge in the home currency (L2), approximate: each sale's commission converted once at its earned
 * rate (opening, earned, reductions, closing) and, when received, at its received rate (received), as the rate rule
 * says; the exchange difference is what the received rates gave more (or less) than the earned ones, so
 * opening + earned − reductions − received + exchange difference = closing, exactly, in the home currency's minor
 * units. `unconverted` says why a currency could not be converted (then every amount is null).
 */
export interface HomeBridgeRow {
  currency: string;
  home: string;
  opening: string | null;
  earned: string | null;
  reductions: string | null;
  received: string | null;
  exchangeDifference: string | null;
  closing: string | null;
  /** How many conversions used the last rate before their day (a sale or payment on a weekend or holiday). */
  earlierRates: number;
  unconverted: string | null;
}

/** The home-currency bridge the app shows, or what is missing for it. */
export type HomeBridge =
  | { kind: 'converted'; home: string; rule: RateRule; rows: HomeBridgeRow[] }
  | { kind: 'no home currency' }
  | { kind: 'no rates' };
