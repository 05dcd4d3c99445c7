/**
 * Walks every page of a sales report (N6, T9). The spec does not say how the last page is marked, so:
 *
 * - The walk ends on `next_page` null, "" or absent, or on a page with no rows. One exception: a full page whose
 *   `next_page` is null while the service's `total` says more rows exist is followed by one more page (an empty one
 *   then ends the walk), so a server that drops the link early cannot cut the report short.
 * - The client numbers pages itself (1, 2, 3…), so the page number always advances; `next_page` is read only
 *   as "there is more". A `next_page` that names a page that does not advance is noted, never followed.
 * - Each reference is yielded once in `sales`: a page that repeats rows, or carries more than `limit` rows, adds only
 *   what is new. A later copy of a reference that differs from the first one it sent (the sale changed, or moved to
 *   another page, while the walk went on) is yielded in `repeated`, so the caller keeps the newest copy. A run of pages
 *   with nothing new (a server ignoring `page`) ends the walk, marked incomplete.
 * - A page whose reply is over the client's size cap is asked for again with a smaller `limit` (R5), each a divisor of
 *   the one before so the rows already read stay whole pages, until it fits; the walk steps back up once the rows read
 *   line up with the larger limit. A single sale over the cap on its own is set aside as an unreadable record (its
 *   position said, and its day when the sales around it share one), and the walk goes on with the next.
 * - `maxPages` is the last guard against a server that never ends, and `maxDistinct` bounds the one set a walk keeps
 *   (its references, handed to the caller in each batch): a walk past it ends in a typed error (S13), so a service that
 *   sends a million distinct references for a month costs a bounded set, never one that grows with it.
 *
 * The progress carries the rows received, the distinct references and whether every page reported the same `total`,
 * so the caller can cross-check the walk against the service's count (the sync engine walks again on a mismatch).
 */
import type { Sale } from '../../shared/domain';
import type { SalesPage as ParsedSalesPage, UnstoredRecord } from './sales-page';
import { parseSalesFilter, parseSalesPageRequest, type SalesFilter } from './sales-params';
import type { ServiceClient } from './service-client';
import { ServiceError, tooManySalesError } from './service-errors';

/**
 * Most distinct references one walk keeps (S13), so its set stays small. A walk covers at most a month, so this is over
 * 8,000 sales a day; the sync engine holds at most a few walks at once, whatever the number of sales in the cache.
 */
export const MAX_WALK_REFERENCES = 250_000;

/** Why a walk stopped. Only the first three mean "the report is complete". */
export type WalkEndReason = 'no-next-page' | 'empty-page' | 'repeating-pages' | 'page-limit';

/** Progress of a walk; `totalHint` and `estimatedPages` are the server's estimate and never decide anything. */
export interface PageProgress {
  /** Pages fetched so far. */
  pages: number;
  /** Distinct sales yielded so far. */
  records: number;
  /** Records refused so far (see the batches' warnings). */
  warnings: number;
  totalHint: number | null;
  estimatedPages: number | null;
  /** True on the last batch. */
  done: boolean;
  /** Set on the last batch. */
  endReason: WalkEndReason | null;
  /** False when the walk ended because the service misbehaved, so sales may be missing. */
  complete: boolean;
  /** Rows received, repeats included. */
  rows: number;
  /** Distinct references received (sales and unreadable records), plus unreadable records without one. */
  distinct: number;
  /** The `total` every page reported, or null when a page reported none or two pages disagreed. */
  consistentTotal: number | null;
  /** True when two pages reported different totals: the report changed while it was walked. */
  totalChanged: boolean;
}

/** One step of the walk: the new sales of a page, what could not be read, and what looked wrong. */
export interface PageBatch {
  /** 1-based number of the page these came from. */
  page: number;
  sales: Sale[];
  /** Later copies of references already yielded by this walk, in the order received: store them after `sales`. */
  repeated: Sale[];
  /** Records of the page that could not be stored, each with its day when it named one. */
  warnings: UnstoredRecord[];
  /** Plain sentences about paging anomalies (repeated rows, over-full pages), for logs and the sync report. */
  notes: string[];
  progress: PageProgress;
  /** Every reference received so far by this walk (sales and unreadable records); the walk's own set, not a copy. */
  references: ReadonlySet<string>;
}

/** Options of a walk. */
export interface WalkOptions {
  /** Rows per page, 1 to 100. Default 100. */
  limit?: number;
  signal?: AbortSignal;
  /** Hard ceiling on pages. Default 100,000 (ten million sales at 100 a page). */
  maxPages?: number;
  /** Pages in a row with nothing new before the walk gives up. Default 3. */
  maxStalePages?: number;
  /** Most distinct references before the walk fails with a typed error. Default {@link MAX_WALK_REFERENCES}. */
  maxDistinct?: number;
  /** Called with each batch's progress, for callers that do not consume the batches themselves. */
  onProgress?: (progress: PageProgress) => void;
}

interface WalkState {
  /** Rows of the report before the page being read: always a whole number of pages of `limit`. */
  offset: number;
  /** Rows per page asked for now. */
  limit: number;
  /** The larger limits stepped down from, the last one first to step back up to. */
  larger: number[];
  /** Pages read so far, of whatever limit. */
  fetched: number;
  /** Notes for the next batch (a limit stepped down before the page was read). */
  pending: string[];
  /** Sales over the size cap on their own, set aside, with the day of the sale read just before each. */
  held: (UnstoredRecord & { before: string | null })[];
  /** The transaction day of the last sale read. */
  lastDay: string | null;
  seen: Set<string>;
  stale: number;
  progress: PageProgress;
  /** The first non-null total reported, if any. */
  firstTotal: number | null;
  /** Some page reported no total. */
  totalMissing: boolean;
  /** Unreadable records without a reference: distinct as far as anyone can tell. */
  unmatched: number;
}

/** The page number `next_page` points to, when it names one. */
function pageNamedBy(nextPage: string): number | null {
  try {
    const value = new URL(nextPage, 'https://service.invalid/').searchParams.get('page');
    return value !== null && /^\d{1,15}$/.test(value) ? Number(value) : null;
  } catch {
    return null;
  }
}

interface FreshRows {
  sales: Sale[];
  /** Later copies of references seen before. */
  copies: Sale[];
  warnings: UnstoredRecord[];
  repeated: number;
}

/**
 * First sightings go to `sales`, later copies to `copies` (the caller's store decides whether they differ, so the walk
 * keeps no copy of its own); warnings without a reference cannot be matched, so they are kept as they come.
 */
function freshRows(state: WalkState, parsed: ParsedSalesPage): FreshRows {
  const sales: Sale[] = [];
  const copies: Sale[] = [];
  const warnings: UnstoredRecord[] = [];
  let repeated = 0;
  for (const sale of parsed.sales) {
    if (state.seen.has(sale.reference)) {
      repeated += 1;
      copies.push(sale);
    } else sales.push(sale);
    state.seen.add(sale.reference);
  }
  for (const warning of parsed.warnings) {
    if (warning.reference !== null && state.seen.has(warning.reference)) repeated += 1;
    else warnings.push(warning);
    if (warning.reference !== null) state.seen.add(warning.reference);
    else state.unmatched += 1;
  }
  return { sales, copies, warnings, repeated };
}

function notesFor(page: number, limit: number, parsed: ParsedSalesPage, repeated: number): string[] {
  const notes: string[] = [];
  if (parsed.rawCount > limit)
    notes.push(
      `Page ${page} had ${parsed.rawCount} rows although ${limit} were asked for; repeated rows were skipped.`,
    );
  if (repeated > 0)
    notes.push(
      `Page ${page} repeated ${repeated} row(s) already received; only a copy that differs replaces the earlier one.`,
    );
  const named = parsed.nextPage === null ? null : pageNamedBy(parsed.nextPage);
  if (named !== null && named <= page)
    notes.push(`Page ${page} pointed to page ${named} as the next one; page ${page + 1} was fetched instead.`);
  return notes;
}

function endReason(
  state: WalkState,
  parsed: ParsedSalesPage,
  page: number,
  options: Required<Pick<WalkOptions, 'maxPages' | 'maxStalePages' | 'limit'>>,
): WalkEndReason | null {
  if (parsed.rawCount === 0) return 'empty-page';
  if (parsed.nextPage === null && !totalSaysMore(state, parsed, options.limit)) return 'no-next-page';
  if (state.stale >= options.maxStalePages) return 'repeating-pages';
  if (page >= options.maxPages) return 'page-limit';
  return null;
}

/** A full page without a `next_page`, while the page's `total` counts more rows than received so far. */
function totalSaysMore(state: WalkState, parsed: ParsedSalesPage, limit: number): boolean {
  return parsed.rawCount >= limit && parsed.totalHint !== null && state.progress.rows < parsed.totalHint;
}

/** Folds a page's `total` into the walk's view of the service's count. */
function noteTotal(state: WalkState, total: number | null): void {
  if (total === null) state.totalMissing = true;
  else if (state.firstTotal === null) state.firstTotal = total;
  else if (state.firstTotal !== total) state.progress.totalChanged = true;
  state.progress.consistentTotal = state.totalMissing || state.progress.totalChanged ? null : state.firstTotal;
}

/** A whole number >= 1; anything else (NaN, Infinity, 0) falls back, so a guard can never be switched off. */
function atLeastOne(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) ? Math.max(1, Math.floor(value)) : fallback;
}

function validated(
  filter: SalesFilter,
  options: WalkOptions,
): { limit: number; maxPages: number; maxStalePages: number; maxDistinct: number } {
  parseSalesFilter(filter);
  const { limit } = parseSalesPageRequest({ page: 1, limit: options.limit ?? 100 });
  return {
    limit,
    maxPages: atLeastOne(options.maxPages, 100_000),
    maxStalePages: atLeastOne(options.maxStalePages, 3),
    maxDistinct: atLeastOne(options.maxDistinct, MAX_WALK_REFERENCES),
  };
}

/**
 * Asks for the page the walk will need next before the caller stores the current one, so that page's wait on the
 * network overlaps the storing: when the current page answers and the count says the next exists (see
 * {@link countSaysMoreAfter}), else once the current page is read and the walk goes on. The client's request gate
 * still bounds how many are in flight. A caller that stops early leaves one answer unread: its failure is not reported
 * anywhere.
 */
function askAhead(
  client: ServiceClient,
  filter: SalesFilter,
  page: number,
  limit: number,
  signal: AbortSignal | undefined,
  onAnswered?: () => void,
): Promise<ParsedSalesPage> {
  const ahead = client.getSalesPage(filter, { page, limit }, signal, onAnswered);
  ahead.catch(() => undefined);
  return ahead;
}

/**
 * Whether the page at `offset`, which has just answered, will be followed by another, as far as the service's count
 * tells before the page is read: the walk is waiting on that very page, at the same limit, and the page lies wholly
 * inside the count the last page reported. A service whose count is right makes this exact; one whose count is too high
 * costs one request whose answer is dropped (its own answer asks for nothing more, the walk having ended).
 */
function countSaysMoreAfter(state: WalkState, offset: number, limit: number, maxPages: number): boolean {
  const { totalHint, totalChanged, done } = state.progress;
  return (
    !done &&
    state.offset === offset &&
    state.limit === limit &&
    totalHint !== null &&
    !totalChanged &&
    offset + limit < totalHint &&
    state.fetched + 1 < maxPages
  );
}

/** The largest limit below `limit` that divides it (100, 50, 25, 5, 1), or null at 1. */
function smallerLimit(limit: number): number | null {
  for (let divisor = 2; divisor <= limit; divisor++) if (limit % divisor === 0) return limit / divisor;
  return null;
}

/** True for a reply refused for its size: asking for fewer rows may bring it under the cap. */
function oversized(error: unknown): boolean {
  return error instanceof ServiceError && error.refused === 'body-too-large';
}

/** Rows `offset + 1` to `offset + limit`, as a note says them. */
function rowsText(offset: number, limit: number): string {
  return limit === 1 ? `row ${offset + 1}` : `rows ${offset + 1} to ${offset + limit}`;
}

/**
 * Sets aside the sale at `offset`, over the size cap on its own, and moves past it. Its day is unknown; the report is
 * in order of transaction date, so when the sales on both sides of it share a day it is that day (see
 * {@link withHeld}), and only that day stays incomplete rather than the whole period asked for.
 */
function holdOversized(state: WalkState): void {
  const reason = `The sale at row ${state.offset + 1} of the report came as a reply larger than Commission Desk reads, even on its own; it was set aside and the rest of the report was stored.`;
  state.held.push({ reference: null, reason, day: null, before: state.lastDay });
  advance(state);
}

/** `parsed` with the sales set aside before it in front, each given the day its neighbours share, if they do. */
function withHeld(state: WalkState, parsed: ParsedSalesPage): ParsedSalesPage {
  if (state.held.length === 0) return parsed;
  const after = parsed.sales[0]?.transactionDate ?? null;
  const held = state.held.splice(0).map(({ before, ...record }) => ({
    ...record,
    day: before !== null && before === after ? after : null,
  }));
  return { ...parsed, warnings: [...held, ...parsed.warnings], rawCount: parsed.rawCount + held.length };
}

/** Steps the limit down for a page over the size cap; false when it is already 1. */
function stepDown(state: WalkState): boolean {
  const smaller = smallerLimit(state.limit);
  if (smaller === null) return false;
  state.pending.push(
    `The reply for ${rowsText(state.offset, state.limit)} was larger than Commission Desk reads at once; they were asked for again ${smaller} at a time.`,
  );
  state.larger.push(state.limit);
  state.limit = smaller;
  return true;
}

/** Moves past the page just read, and back up to a larger limit once the rows read line up with it. */
function advance(state: WalkState): void {
  state.offset += state.limit;
  const up = state.larger.at(-1);
  if (up !== undefined && state.offset % up === 0) {
    state.limit = up;
    state.larger.pop();
  }
}

/** Yields each page's new sales until the report ends; the last batch has `progress.done` set. */
export async function* walkSalesPages(
  client: ServiceClient,
  filter: SalesFilter,
  options: WalkOptions = {},
): AsyncGenerator<PageBatch> {
  const settings = validated(filter, options);
  const state: WalkState = {
    offset: 0,
    limit: settings.limit,
    larger: [],
    fetched: 0,
    pending: [],
    held: [],
    lastDay: null,
    seen: new Set(),
    stale: 0,
    firstTotal: null,
    totalMissing: false,
    unmatched: 0,
    progress: {
      pages: 0,
      records: 0,
      warnings: 0,
      totalHint: null,
      estimatedPages: null,
      done: false,
      endReason: null,
      complete: false,
      rows: 0,
      distinct: 0,
      consistentTotal: null,
      totalChanged: false,
    },
  };
  // The page after the one asked for, asked as soon as that one answers when the count says it exists: the walk's
  // next request then no longer waits for the page before it to be read and checked. Keyed by the rows before it.
  const early = new Map<number, { limit: number; answer: Promise<ParsedSalesPage> }>();
  const ask = (offset: number, limit: number): Promise<ParsedSalesPage> =>
    askAhead(client, filter, offset / limit + 1, limit, options.signal, () => {
      const after = offset + limit;
      if (early.has(after) || !countSaysMoreAfter(state, offset, limit, settings.maxPages)) return;
      early.set(after, { limit, answer: ask(after, limit) });
    });
  let next = ask(0, state.limit);
  for (;;) {
    const { limit } = state;
    const page = state.offset / limit + 1;
    let parsed: ParsedSalesPage;
    try {
      parsed = await next;
    } catch (error) {
      if (!oversized(error)) throw error;
      early.clear();
      if (!stepDown(state)) holdOversized(state);
      next = ask(state.offset, state.limit);
      continue;
    }
    parsed = withHeld(state, parsed);
    state.lastDay = parsed.sales.at(-1)?.transactionDate ?? state.lastDay;
    state.fetched += 1;
    const fresh = freshRows(state, parsed);
    if (state.seen.size > settings.maxDistinct) throw tooManySalesError(settings.maxDistinct);
    state.stale = fresh.sales.length + fresh.warnings.length === 0 && parsed.rawCount > 0 ? state.stale + 1 : 0;
    noteTotal(state, parsed.totalHint);
    const { progress } = state;
    progress.rows += parsed.rawCount;
    progress.distinct = state.seen.size + state.unmatched;
    const reason = endReason(state, parsed, state.fetched, { ...settings, limit });
    progress.pages = state.fetched;
    progress.records += fresh.sales.length;
    progress.warnings += fresh.warnings.length;
    progress.totalHint = parsed.totalHint;
    progress.estimatedPages = parsed.totalHint === null ? null : Math.ceil(parsed.totalHint / limit);
    progress.done = reason !== null;
    progress.endReason = reason;
    progress.complete = reason === 'no-next-page' || reason === 'empty-page';
    const snapshot = { ...progress };
    options.onProgress?.(snapshot);
    const notes = [...state.pending.splice(0), ...notesFor(page, limit, parsed, fresh.repeated)];
    if (parsed.nextPage === null && reason === null)
      notes.push(
        `Page ${page} was full and had no next page although the service counts more rows; page ${page + 1} was fetched.`,
      );
    if (reason === null) {
      advance(state);
      const asked = early.get(state.offset);
      early.delete(state.offset);
      if (asked !== undefined && asked.limit === state.limit) next = asked.answer;
      else {
        next = ask(state.offset, state.limit);
        // The request is handed to its socket a tick after the promises that send it have run: storing this page first
        // would hold it back until the page is stored.
        await new Promise<void>((sent) => setImmediate(sent));
      }
    }
    yield {
      page,
      sales: fresh.sales,
      repeated: fresh.copies,
      warnings: fresh.warnings,
      notes,
      progress: snapshot,
      references: state.seen,
    };
    if (reason !== null) return;
  }
}
