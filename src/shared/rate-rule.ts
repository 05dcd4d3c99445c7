/**
 * Which day's reference rate converts an amount into the home currency (L2): earned commission at the rate of its
 * sale date and money received at the rate of its payment date, or either at the last rate of that day's month (the
 * month-end rate some bookkeepers use). Every converted figure, column header and About sheet states the rule it used
 * in these words.
 */

/** The day whose rate is used: the amount's own day, or the last day of its month. */
export const RATE_DAYS = ['own-day', 'month-end'] as const;
export type RateDay = (typeof RATE_DAYS)[number];

/** The rate days of the two kinds of amount. */
export interface RateRule {
  /** Earned commission, dated by its sale. */
  earned: RateDay;
  /** Money received, dated by its payment. */
  received: RateDay;
}

export const DEFAULT_RATE_RULE: RateRule = Object.freeze({ earned: 'own-day', received: 'own-day' });

/** The kinds of amount a rule converts. */
export type RateBasis = keyof RateRule;

/** The day whose rate converts an amount of `day` under `choice`. */
export function rateDayOf(day: string, choice: RateDay): string {
  if (choice === 'own-day') return day;
  const [year, month] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${day.slice(0, 7)}-${String(last).padStart(2, '0')}`;
}

/** "the rate of its sale date", "the last rate of its payment month". */
export function rateDayWords(basis: RateBasis, choice: RateDay): string {
  const what = basis === 'earned' ? 'sale' : 'payment';
  return choice === 'own-day' ? `the rate of its ${what} date` : `the last rate of its ${what} month`;
}

/** How figures in `home` were converted, in one paragraph for notes and the About sheet. */
export function rateRuleText(home: string, rule: RateRule): string {
  return (
    `Approximate: converted into ${home} at the European Central Bank’s euro reference rates, crossed through the euro. ` +
    `Earned commission at ${rateDayWords('earned', rule.earned)}; money received at ${rateDayWords('received', rule.received)}. ` +
    'A day with no published rate uses the last earlier one. Each amount is converted and rounded once, half away from zero, to the ' +
    `smallest unit of ${home}. A currency the ECB does not publish is left unconverted.`
  );
}

/** A converted column's header, with no comma so CSV needs no quotes: "Commission in GBP (approx. at ECB rate of its sale date)". */
export function convertedHeader(label: string, home: string, basis: RateBasis, rule: RateRule): string {
  return `${label} in ${home} (approx. at ECB ${rateDayWords(basis, rule[basis]).replace(/^the /, '')})`;
}
