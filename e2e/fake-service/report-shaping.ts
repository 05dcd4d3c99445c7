/**
 * Page-shaping faults (N5, N6, T8) applied around the spec service's report answers: the spec service
 * still decides every row, status and filter; this only re-marks the last page, repeats or over-fills a page,
 * breaks chosen records, or sends a hostile record's own JSON text in place of its plain base record (see
 * `adversarial-records.ts`), the way a sloppy or hostile real server might.
 */
import type { SpecResponse } from '../../src/core/demo';
import { adversarialWire } from './adversarial-records';
import { applyRecordDefect, type FaultSettings } from './faults';

/** Asks the spec service for the same query with another page number (null: the request exactly as sent). */
export type PageCall = (page: number | null) => SpecResponse;

type Body = Record<string, unknown> & { data: unknown[] };

function requestedPage(url: URL): number | null {
  const raw = url.searchParams.get('page');
  if (raw === null) return 1;
  return /^\d{1,9}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : null;
}

/** The report URL for `page`, encoded like the spec service's own next_page (spaces as %20). */
export function reportPageUrl(url: URL, page: number): string {
  const params = new URLSearchParams(url.searchParams);
  params.set('page', String(page));
  return `${url.origin}${url.pathname}?${params.toString().replace(/\+/g, '%20')}`;
}

function parseBody(answer: SpecResponse): Body | null {
  if (answer.status !== 200) return null;
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  return Array.isArray(body.data) ? (body as Body) : null;
}

function servedPage(page: number, faults: FaultSettings): number {
  if (faults.ignorePage) return 1;
  return faults.repeatPages.includes(page) && page > 1 ? page - 1 : page;
}

function markNextPage(body: Body, url: URL, page: number, served: number, faults: FaultSettings): void {
  const hasMore = typeof body.next_page === 'string';
  if (hasMore && served !== page && !faults.ignorePage) body.next_page = reportPageUrl(url, page + 1);
  if (hasMore && faults.nextPageStuck) body.next_page = reportPageUrl(url, page);
  if (hasMore) return;
  if (faults.endOfPages === 'empty-string') body.next_page = '';
  else if (faults.endOfPages === 'absent') delete body.next_page;
  else if (faults.endOfPages === 'empty-page') body.next_page = reportPageUrl(url, page + 1);
}

function overfill(body: Body, page: number, served: number, faults: FaultSettings, call: PageCall): void {
  if (faults.overfill === null || faults.overfill.page !== page) return;
  const following = parseBody(call(served + 1));
  if (following !== null) body.data = [...body.data, ...following.data.slice(0, faults.overfill.extra)];
}

function breakRecords(body: Body, faults: FaultSettings): void {
  if (Object.keys(faults.recordDefects).length === 0) return;
  body.data = body.data.map((row) => {
    const record = row as Record<string, unknown>;
    const defect = typeof record.reference === 'string' ? faults.recordDefects[record.reference] : undefined;
    return defect === undefined ? row : applyRecordDefect(record, defect, faults.oversizedBytes);
  });
}

/** Marks where a hostile record's raw text goes, as a JSON string no real record holds. */
function placeholder(index: number): string {
  return `__adversarial_record_${index}__`;
}

/** Swaps each adversarial record for a placeholder; returns their wire texts in placeholder order. */
function takeAdversarial(body: Body): string[] {
  const wires: string[] = [];
  body.data = body.data.map((row) => {
    const wire = adversarialWire(
      row !== null && typeof row === 'object' ? (row as Record<string, unknown>).reference : undefined,
    );
    if (wire === undefined) return row;
    wires.push(wire);
    return placeholder(wires.length - 1);
  });
  return wires;
}

/**
 * The body as text with the hostile records' own texts in place: written by hand because some (a field nested
 * 5,000 levels deep, a 20-digit number) are beyond what JSON.stringify can write.
 */
function bodyText(body: Body): string {
  const wires = takeAdversarial(body);
  let text = JSON.stringify(body);
  wires.forEach((wire, index) => {
    text = text.replace(JSON.stringify(placeholder(index)), () => wire);
  });
  return text;
}

/** Answers a report request through the spec service, then applies the page-shaping knobs. */
export function shapeReport(url: URL, faults: FaultSettings, call: PageCall): SpecResponse {
  const page = requestedPage(url);
  if (page === null) return call(null);
  const served = servedPage(page, faults);
  const answer = call(served);
  const body = parseBody(answer);
  if (body === null) return answer;
  overfill(body, page, served, faults, call);
  markNextPage(body, url, page, served, faults);
  breakRecords(body, faults);
  if (faults.totalOverride !== null) body.total = faults.totalOverride;
  return { ...answer, body: bodyText(body) };
}
