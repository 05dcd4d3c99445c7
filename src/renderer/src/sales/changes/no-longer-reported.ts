/**
 * Which sales the service no longer reports, read from the change log: each time a complete fetch of a day stops
 * (or starts again) returning a sale, the cache logs a `reported` change, so the last such change of a reference
 * says whether it is "no longer reported" now. The grid marks those rows when the person chose to see them.
 */
import type { SaleChange } from '../../../../shared/sales-query-types';

/** The change log's value for a sale the service stopped reporting. */
export const NO_LONGER_REPORTED = 'no longer reported';

/** The references whose last `reported` change, among `changes` taken oldest first, says "no longer reported". */
export function noLongerReportedReferences(changes: readonly SaleChange[]): Set<string> {
  const ordered = [...changes].sort((a, b) =>
    a.changedAt === b.changedAt ? a.id - b.id : a.changedAt < b.changedAt ? -1 : 1,
  );
  const marked = new Set<string>();
  for (const change of ordered) {
    if (change.field !== 'reported') continue;
    if (change.newValue === NO_LONGER_REPORTED) marked.add(change.reference);
    else marked.delete(change.reference);
  }
  return marked;
}

/**
 * Where to read the next page of the change log after `page` (oldest first, at most `limit` long): just before its
 * last entry, so entries sharing that instant are read again rather than skipped; null when the log is read whole.
 */
export function nextChangesSince(page: readonly SaleChange[], limit: number): string | null {
  if (page.length < limit) return null;
  const last = page.at(-1);
  if (last === undefined) return null;
  return new Date(Date.parse(last.changedAt) - 1).toISOString();
}
