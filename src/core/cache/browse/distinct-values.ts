/**
 * The values present in the cache for the filter dropdowns (currencies, categories, subids, collections, products),
 * each with its number of sales under an optional filter, and the day span of the sales.
 */
import type { AccountView } from './browse-index';
import { isoDay } from '../records';
import type { LookupEntry } from './lookup-catalog';
import { compareTexts } from './text-dictionary';
import type { SalesFilter } from '../../../shared/sales-query';
import type { DistinctValues, ValueCount } from '../../../shared/sales-query-types';

function countCodes(codes: Int32Array, mask: Uint8Array, size: number, length: number): Float64Array {
  const counts = new Float64Array(Math.max(1, length));
  for (let p = 0; p < size; p++) {
    if (mask[p] !== 1) continue;
    const code = codes[p] as number;
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}

function compareValues(a: ValueCount, b: ValueCount): number {
  return compareTexts(a.value, b.value);
}

function textValues(values: readonly (string | null)[], counts: Float64Array): ValueCount[] {
  return values
    .map((value, code) => ({ value, label: value, count: counts[code] ?? 0 }))
    .filter((v) => v.count > 0)
    .sort(compareValues);
}

function slugValues(entries: readonly (LookupEntry | undefined)[], counts: Float64Array): ValueCount[] {
  const bySlug = new Map<string | null, ValueCount>();
  counts.forEach((count, id) => {
    if (count === 0) return;
    const entry = entries[id];
    const slug = entry?.slug ?? null;
    const known = bySlug.get(slug);
    if (known) known.count += count;
    else bySlug.set(slug, { value: slug, label: entry?.name ?? null, count });
  });
  return [...bySlug.values()].sort(compareValues);
}

function daySpan(
  days: Int32Array,
  mask: Uint8Array,
  size: number,
): { firstDay: string | null; lastDay: string | null } {
  let first = Infinity;
  let last = -Infinity;
  for (let p = 0; p < size; p++) {
    if (mask[p] !== 1) continue;
    const day = days[p] as number;
    if (day < first) first = day;
    if (day > last) last = day;
  }
  return first > last ? { firstDay: null, lastDay: null } : { firstDay: isoDay(first), lastDay: isoDay(last) };
}

/** Dropdown values under `filter` (all sales when it is empty). */
export function distinctValues(view: AccountView, filter: SalesFilter): DistinctValues {
  const { columns, catalog } = view;
  const n = columns.size;
  return view.withSelection(filter, ({ mask }) => ({
    currencies: textValues(
      columns.currencies.values,
      countCodes(columns.currency, mask, n, columns.currencies.values.length),
    ),
    categories: textValues(
      columns.categories.values,
      countCodes(columns.category, mask, n, columns.categories.values.length),
    ),
    subids: textValues(columns.subids.values, countCodes(columns.subid, mask, n, columns.subids.values.length)),
    collections: slugValues(catalog.collections, countCodes(columns.collection, mask, n, catalog.collections.length)),
    products: slugValues(catalog.products, countCodes(columns.product, mask, n, catalog.products.length)),
    ...daySpan(columns.txDay, mask, n),
  }));
}
