/**
 * The best collections, products or subids by commission, per currency: what earns the affiliate most. Products and
 * collections are grouped by slug (one entry per slug even if its name changed), as a SQL `GROUP BY slug` would.
 */
import type { AccountView } from './browse-index';
import type { LookupEntry } from './lookup-catalog';
import { compareTexts } from './text-dictionary';
import { currencyDigits } from '../../../shared/money';
import { addSale, amountColumns, exactTotal, groupSums, shownTotal, usedGroups } from './money-totals';
import type { TopQuery } from '../../../shared/sales-query';
import type { TopEntry } from '../../../shared/sales-query-types';

interface Dimension {
  codes: Int32Array;
  /** Group of a code, and the group's key and label. */
  groupOf: Int32Array;
  keys: (string | null)[];
  labels: (string | null)[];
}

function slugGroups(codes: Int32Array, entries: readonly (LookupEntry | undefined)[]): Dimension {
  const index = new Map<string | null, number>([[null, 0]]);
  const keys: (string | null)[] = [null];
  const labels: (string | null)[] = [null];
  const groupOf = new Int32Array(Math.max(1, entries.length));
  entries.forEach((entry, id) => {
    if (entry === undefined) return;
    let group = index.get(entry.slug);
    if (group === undefined) {
      index.set(entry.slug, (group = keys.length));
      keys.push(entry.slug);
      labels.push(entry.name);
    }
    groupOf[id] = group;
  });
  return { codes, groupOf, keys, labels };
}

function dimensionOf(view: AccountView, dimension: TopQuery['dimension']): Dimension {
  const { columns, catalog } = view;
  if (dimension === 'product') return slugGroups(columns.product, catalog.products);
  if (dimension === 'collection') return slugGroups(columns.collection, catalog.collections);
  const values = columns.subids.values;
  return { codes: columns.subid, groupOf: Int32Array.from(values, (_, i) => i), keys: values, labels: values };
}

/** Up to `limit` entries per currency, highest commission first (ties by key), currencies in code order. */
export function topEntries(view: AccountView, query: TopQuery): TopEntry[] {
  const { columns } = view;
  const dim = dimensionOf(view, query.dimension);
  const stride = dim.keys.length;
  const sums = groupSums(columns.currencies.values.length * stride);
  const { currency } = columns;
  const { codes, groupOf } = dim;
  const amounts = amountColumns(columns);
  view.withSelection(query.filter, ({ mask }) => {
    for (let p = 0, size = columns.size; p < size; p++) {
      if (mask[p] !== 1) continue;
      addSale(sums, (currency[p] as number) * stride + (groupOf[codes[p] as number] ?? 0), amounts, p);
    }
  });
  const entries = usedGroups(sums).map((index): TopEntry => {
    const group = index % stride;
    const currency = columns.currencies.values[(index - group) / stride] ?? '';
    const commission = shownTotal(exactTotal(sums.commission, index, currencyDigits(currency)), currency);
    return {
      currency,
      key: dim.keys[group] ?? null,
      label: dim.labels[group] ?? null,
      count: sums.count[index] as number,
      commissionMinor: commission.minor,
      commission: commission.text,
    };
  });
  return pickTop(entries, query.limit);
}

function pickTop(entries: TopEntry[], limit: number): TopEntry[] {
  const byCurrency = new Map<string, TopEntry[]>();
  for (const entry of entries) byCurrency.set(entry.currency, [...(byCurrency.get(entry.currency) ?? []), entry]);
  return [...byCurrency.keys()]
    .sort()
    .flatMap((currency) =>
      (byCurrency.get(currency) ?? [])
        .sort((a, b) => b.commissionMinor - a.commissionMinor || compareTexts(a.key, b.key))
        .slice(0, limit),
    );
}
