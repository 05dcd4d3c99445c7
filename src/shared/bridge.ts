/**
 * The earned-to-received bridge of a period (B3), per currency: opening receivable + earned − reductions − received
 * = closing receivable. Amounts are exact decimal text in the currency's own decimals (more only when a sale carries
 * an amount finer than its currency). Read by the CLI's `bridge`, the accounting export's Bridge sheet and Payouts.
 */

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
