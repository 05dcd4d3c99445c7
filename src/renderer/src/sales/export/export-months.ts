/**
 * The months an accounting export offers: the current one and the 24 before it, newest first, each as `yyyy-mm`
 * with its name in the user's locale ("October 2026"). Pure, so the edges of years are tested.
 */

/** One month choice. */
export interface MonthChoice {
  value: string;
  label: string;
}

/** The month of `today` (`yyyy-mm-dd`) and the `count` months before it, newest first. */
export function recentMonths(today: string, count = 24, locale?: string): MonthChoice[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const out: MonthChoice[] = [];
  for (let i = 0; i <= count; i++) {
    const date = new Date(Date.UTC(y, m - 1 - i, 1));
    out.push({ value: date.toISOString().slice(0, 7), label: format.format(date) });
  }
  return out;
}

/** The month before `today`'s, `yyyy-mm`: what people usually report on. */
export function previousMonth(today: string): string {
  return recentMonths(today, 1)[1]?.value ?? today.slice(0, 7);
}
