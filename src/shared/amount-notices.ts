/**
 * What a sale needing attention for its amount says (R7): the notices the record parser left on its amounts, in one
 * line, the same in the app and on the command line.
 */
import type { SaleNotice } from './domain';

/** The sale's amount notices in one line, or the plain fact when it has none. */
export function amountNoticeText(sale: { notices: readonly SaleNotice[] }): string {
  const said = sale.notices.filter((n) => n.field === 'commission_amount' || n.field === 'transaction_amount');
  return said.length === 0 ? 'The commission amount is missing.' : said.map((n) => n.message).join(' ');
}
