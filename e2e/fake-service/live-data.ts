/**
 * The fake service's data as it changes under a running client (T1, T5, T9): statuses that change long after
 * the sale, sales the service stops reporting, late sales, sales moved to another day, a second copy of a reference;
 * and two ways a server can cut a report short (an end bound read as exclusive, a `next_page` dropped early). The spec
 * service still decides every row; this only changes what it holds, or how a request reaches it and leaves it.
 */
import type { SpecResponse, WireSale } from '../../src/core/demo';
import { addDays, isoDayToService, serviceDayToIso } from '../../src/shared/dates';
import type { SaleMutation } from './faults';

function withReference(sales: readonly WireSale[], reference: string): void {
  if (!sales.some((s) => s.reference === reference))
    throw new RangeError(`The fake service holds no sale ${reference}.`);
}

function applyOne(sales: WireSale[], change: SaleMutation): WireSale[] {
  switch (change.kind) {
    case 'set':
      withReference(sales, change.reference);
      return sales.map((s) => (s.reference === change.reference ? ({ ...s, ...change.fields } as WireSale) : s));
    case 'move':
      withReference(sales, change.reference);
      return sales.map((s) =>
        s.reference === change.reference ? { ...s, transaction_date: isoDayToService(change.toDay) } : s,
      );
    case 'remove':
      withReference(sales, change.reference);
      return sales.filter((s) => s.reference !== change.reference);
    case 'add':
      return [...sales, change.record as WireSale];
  }
}

function dayKey(sale: WireSale): string {
  return serviceDayToIso(sale.transaction_date) ?? '';
}

/** The sales after `changes`, in the service's order (day, then reference; equal ones keep their order). */
export function applySaleMutations(sales: readonly WireSale[], changes: readonly SaleMutation[]): WireSale[] {
  const changed = changes.reduce(applyOne, [...sales]);
  return changed.sort((a, b) => {
    const [x, y] = [dayKey(a), dayKey(b)];
    if (x !== y) return x < y ? -1 : 1;
    return a.reference < b.reference ? -1 : a.reference > b.reference ? 1 : 0;
  });
}

/** No sale carries this sub-affiliate id: asking for it gives a valid, empty report. */
const NO_SUCH_SUBID = 'no-sale-has-this-subid';

/**
 * The request as a server that reads `end_date` as exclusive answers it: the end day is left out. A one-day range
 * becomes an empty report.
 */
export function exclusiveEndUrl(url: URL): URL {
  const end = url.searchParams.get('end_date');
  const start = url.searchParams.get('start_date');
  if (end === null || !/^\d{4}-\d{2}-\d{2}T/.test(end)) return url;
  const shifted = new URL(url);
  const day = addDays(end.slice(0, 10), -1);
  if (start !== null && day < start.slice(0, 10)) shifted.searchParams.set('subid', NO_SUCH_SUBID);
  else shifted.searchParams.set('end_date', `${day}${end.slice(10)}`);
  return shifted;
}

/** The answer with `next_page: null` when the requested page is one of `pages`, whatever follows it. */
export function withoutNextPage(answer: SpecResponse, url: URL, pages: readonly number[]): SpecResponse {
  const page = Number(url.searchParams.get('page') ?? '1');
  if (answer.status !== 200 || !pages.includes(page)) return answer;
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  return { ...answer, body: JSON.stringify({ ...body, next_page: null }) };
}
