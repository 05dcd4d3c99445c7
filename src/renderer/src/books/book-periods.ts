/** Names of the periods the books show, in the user's locale, from the same month list the exports offer. */
import { recentMonths } from '../sales/export';

/** "October 2026" for `2026-10`. */
export function monthLabel(month: string, locale?: string): string {
  return recentMonths(`${month}-01`, 0, locale)[0]?.label ?? month;
}
