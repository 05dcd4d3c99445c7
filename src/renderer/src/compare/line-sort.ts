/**
 * The breakdown table's order. Amounts of different currencies are not comparable, so a sort by an amount orders by
 * currency first, then by the amount; names and counts sort across currencies. Exact decimal text is compared as a
 * number, which is exact enough to order two amounts.
 */
import type { BreakdownLine } from '../../../shared/compare';

export type SortKey = 'label' | 'currency' | 'sales' | 'amount' | 'share' | 'previousAmount' | 'change';

/** A column and a direction. */
export interface LineSort {
  key: SortKey;
  direction: 'asc' | 'desc';
}

const AMOUNTS: ReadonlySet<SortKey> = new Set(['amount', 'previousAmount', 'change']);

function valueOf(line: BreakdownLine, key: SortKey): string | number {
  switch (key) {
    case 'label':
      return (line.label ?? '').toLocaleLowerCase();
    case 'currency':
      return line.currency;
    case 'sales':
      return line.sales;
    case 'share':
      return line.share ?? -1;
    default:
      return Number(line[key]);
  }
}

function compare(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `lines` in the order `sort` asks for; ties keep currency and name order. */
export function sortLines(lines: readonly BreakdownLine[], sort: LineSort): BreakdownLine[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...lines].sort((a, b) => {
    if (AMOUNTS.has(sort.key) && a.currency !== b.currency) return compare(a.currency, b.currency);
    return (
      sign * compare(valueOf(a, sort.key), valueOf(b, sort.key)) ||
      compare(a.currency, b.currency) ||
      compare(valueOf(a, 'label'), valueOf(b, 'label'))
    );
  });
}
