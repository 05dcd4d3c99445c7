/**
 * "Statuses checked 3 days ago" (T3): when the service last confirmed the statuses of the sales shown, taking the
 * oldest confirmation among them so the line can only understate how current they are, never overstate it. Sales
 * never confirmed are counted apart, so they cannot hide behind a recent time. Like "Data as of" and "Last synced"
 * beside it, the line says how long ago; the detail gives the date and time.
 */
import type { StatusCheckAge } from '../../../../shared/sales-query-types';
import { formatCount, formatDateTime, formatRelativeTime, pluralize } from '../../common/format';

/** Open sales checked longer ago than this are worth a sync before relying on them (as a payments export warns). */
export const STALE_CHECK_MS = 24 * 60 * 60 * 1000;

/** The line and its explanation. */
export interface StatusCheckText {
  text: string;
  detail: string;
  /** True when open sales were last checked more than a day ago (or never): a sync would bring news. */
  stale: boolean;
}

/** The freshness line of `age` as of `now`; null when no sale is shown. */
export function statusCheckText(age: StatusCheckAge, now: Date, locale?: string): StatusCheckText | null {
  if (age.sales === 0) return null;
  const never = age.neverChecked > 0 ? `${formatCount(age.neverChecked, locale)} never checked` : null;
  const text =
    age.oldest === null
      ? `Statuses not checked yet${never ? ` · ${never}` : ''}`
      : `Statuses checked ${formatRelativeTime(age.oldest, now, locale)}${never ? ` · ${never}` : ''}`;
  const openAt = age.oldestOpen;
  const stale = age.neverChecked > 0 || (openAt !== null && now.getTime() - Date.parse(openAt) > STALE_CHECK_MS);
  const parts = [
    age.oldest === null
      ? `The service has not confirmed the status of ${pluralize(age.sales, 'sale', 'sales', locale)} shown yet.`
      : `The oldest confirmation by the service among the ${pluralize(age.sales, 'sale', 'sales', locale)} shown: ${formatDateTime(age.oldest, locale)}.`,
  ];
  if (openAt !== null)
    parts.push(
      `Open sales (pending, or approved and not yet paid) were last checked ${formatDateTime(openAt, locale)}.`,
    );
  parts.push(
    stale
      ? 'Sync to check open sales again before relying on these statuses.'
      : 'Every sync checks open sales again, however old.',
  );
  return { text, detail: parts.join(' '), stale };
}
