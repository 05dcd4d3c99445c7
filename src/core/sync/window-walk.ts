/**
 * Walks one report (a window of days, or the open sales over a span) until it can be trusted (T9), storing
 * every page in its own transaction as it comes (D1):
 *
 * - The request reaches one day past the days it claims, so a server that reads the end bound as exclusive cannot
 *   lose the last day's sales; the next window's first day is fetched twice and the cache keeps one row per reference.
 *   Once a walk of the run received a sale of that extra day, the service is known to include the end day, and later
 *   walks of the run ask for their own days only (a single day fetched again then costs its own pages, not two days').
 * - A later copy of a sale within the walk is stored after the earlier one (the newest copy wins); when it differs, the
 *   conflict is noted with the sales it concerns, what was kept and that rule (R6), for the sync's result, the app and
 *   the command line.
 * - The walk is checked against the service's count (see `walk-verdict.ts`) and walked again, at most
 *   {@link MAX_WALKS} times; a report that changed on every walk is left unsettled, with a note that says so.
 * - Every page is stored with the records of it that could not be stored (T8), which the cache remembers for their days
 *   (so those days are not complete) in place of what earlier walks of those days left; each such day gets a note.
 */
import { addDays } from '../../shared/dates';
import type { Sale } from '../../shared/domain';
import { AppError } from '../../shared/errors';
import type { StorePageResult, UnstoredPage } from '../cache';
import { walkSalesPages, type PageBatch, type PageProgress, type UnstoredRecord } from '../service';
import { addNote, report, type RunContext } from './sync-context';
import { digestReferences, judgeWalk, type ReferenceDigest, type WalkSummary, type WalkVerdict } from './walk-verdict';

/** Walks of one report before it is left unsettled. */
export const MAX_WALKS = 3;
/** Rows per page: the most the service serves. */
export const PAGE_LIMIT = 100;

type ReportFilter = Parameters<typeof walkSalesPages>[1];

/** What to walk: days `from`..`to` (inclusive), optionally only sales with these statuses. */
export interface WalkTarget {
  from: string;
  to: string;
  commissionStatus?: 'pending' | 'approved';
  paymentStatus?: 'pending' | 'paid';
  /** Position among the run's windows, for progress. */
  index: number;
  /** How notes name this report. */
  label: string;
}

/** The walk a caller can rely on, or the last one when none could be. */
export interface StableWalk {
  /** References received (sales and unreadable records that had one). */
  references: ReadonlySet<string>;
  /** An unreadable record had no reference, so which sale it was is unknown. */
  unmatched: boolean;
  /** When this walk began: every sale it returned was stored after that. */
  startedAt: Date;
  verdict: Exclude<WalkVerdict, 'again'> | 'unsettled';
  walks: number;
}

/** Records of the target's days that could not be stored, counted per day (or span asked for) with the first one's day and reason. */
type UnstoredTally = Map<string, { day: string | null; count: number; reason: string }>;

/** The day a note names for `record`: its own, or the span asked for when it names none. */
function daysOf(target: WalkTarget, record: UnstoredRecord): string {
  return record.day ?? (target.from === target.to ? target.from : `${target.from} to ${target.to}`);
}

interface OneWalk {
  references: ReadonlySet<string>;
  unmatched: boolean;
  summary: WalkSummary;
  /** Bounded by the target's days, however many records the service sent (S13). */
  unstored: UnstoredTally;
}

function filterOf(target: WalkTarget, extended: boolean): ReportFilter {
  return {
    startDate: target.from,
    endDate: extended ? addDays(target.to, 1) : target.to,
    orderBy: 'transaction_date',
    ...(target.commissionStatus ? { commissionStatus: target.commissionStatus } : {}),
    ...(target.paymentStatus ? { paymentStatus: target.paymentStatus } : {}),
  };
}

function count(ctx: RunContext, stored: StorePageResult): void {
  ctx.counters.statusChanges += stored.statusChanges;
  ctx.counters.amountChanges += stored.amountChanges;
  ctx.counters.currencyChanges += stored.currencyChanges;
  ctx.counters.dateChanges += stored.dateChanges;
  ctx.counters.restatements += stored.restatements;
  ctx.counters.inserted += stored.inserted;
  ctx.counters.updated += stored.updated;
  ctx.counters.reportedAgain += stored.reportedAgain;
}

/** '' for a walk of every sale of its days, else its status filter. */
function scopeOf(target: WalkTarget): string {
  return [target.commissionStatus, target.paymentStatus].filter((s) => s !== undefined).join('+');
}

/** What the cache is told on every page of walk number `walk` of `target` (see `StorePageOptions.unstored`). */
function unstoredPage(ctx: RunContext, target: WalkTarget, walk: number, batch: PageBatch): UnstoredPage {
  const scope = scopeOf(target);
  // A walk filtered by status cannot place a record that names no day: only its note tells of it (see `noteUnstored`).
  const records = batch.warnings
    .filter((r) => scope === '' || r.day !== null)
    .map(({ day, reference, reason }) => ({ day, reference, reason }));
  return { from: target.from, to: target.to, walk: `${ctx.runId}/${target.index}/${walk}`, scope, records };
}

/** The record belongs to the target's days: it names one of them, or none at all. */
function claimed(target: WalkTarget, record: UnstoredRecord): boolean {
  return record.day === null || (record.day >= target.from && record.day <= target.to);
}

function storeBatch(ctx: RunContext, target: WalkTarget, walk: number, batch: PageBatch): void {
  const at = ctx.now();
  const checkpoint = { from: target.from, to: target.to, page: batch.page };
  const unstored = unstoredPage(ctx, target, walk, batch);
  count(ctx, ctx.deps.cache.storePage(ctx.account, batch.sales, at, { runId: ctx.runId, checkpoint, unstored }));
  for (const note of batch.notes)
    ctx.deps.logger?.info('sync.page-note', { account: ctx.account, report: target.label, note });
  if (batch.repeated.length === 0) return;
  // Stored after the page's first sightings, one at a time, so the copy received last is the one kept and each copy
  // that differed is named.
  const differed: Sale[] = [];
  for (const copy of batch.repeated) {
    const stored = ctx.deps.cache.storePage(ctx.account, [copy], at);
    count(ctx, stored);
    if (stored.updated > 0) differed.push(copy);
  }
  if (differed.length > 0) noteConflicts(ctx, target, batch.page, differed);
}

/** Sales named in one note about conflicting copies; the log has them all. */
const NAMED_COPIES = 10;

/** What the copy kept says, in a few words: "S-1 (declined, 2.50 USD, 2026-01-29)". */
function keptCopy(sale: Sale): string {
  const amount = sale.commissionExact ?? (sale.commissionAmount === null ? 'no amount' : String(sale.commissionAmount));
  return `${sale.reference} (${sale.commissionStatus ?? 'no status'}, ${amount} ${sale.currency}, ${sale.transactionDate})`;
}

/** R6: the copies of one walk that differed, named with what was kept and the rule that decided. */
function noteConflicts(ctx: RunContext, target: WalkTarget, page: number, differed: readonly Sale[]): void {
  const named = differed.slice(0, NAMED_COPIES).map(keptCopy);
  if (differed.length > NAMED_COPIES) named.push(`and ${differed.length - NAMED_COPIES} more`);
  addNote(
    ctx,
    'sync.conflicting-copy',
    `${target.label}: page ${page} sent ${differed.length} sale(s) again with other values than earlier in the same walk: ${named.join(', ')}. The later copy was kept, by the rule that within one walk the copy the service sent last is its newest word on the sale.`,
  );
  ctx.deps.logger?.info('sync.conflicting-copies', {
    account: ctx.account,
    report: target.label,
    references: differed.map((sale) => sale.reference),
  });
}

function tally(unstored: UnstoredTally, target: WalkTarget, records: readonly UnstoredRecord[]): void {
  for (const record of records) {
    if (!claimed(target, record)) continue;
    const key = daysOf(target, record);
    const entry = unstored.get(key);
    if (entry === undefined) unstored.set(key, { day: record.day, count: 1, reason: record.reason });
    else entry.count += 1;
  }
}

async function walkOnce(ctx: RunContext, target: WalkTarget, walk: number): Promise<OneWalk> {
  // The walk's references are the page iterator's own set (S13: one bounded set per walk, not a copy of it).
  let references: ReadonlySet<string> = new Set<string>();
  const unstored: UnstoredTally = new Map();
  let unmatched = false;
  let last: PageProgress | null = null;
  const extended = !ctx.endDayIncluded;
  const filter = filterOf(target, extended);
  for await (const batch of walkSalesPages(ctx.deps.client, filter, {
    limit: PAGE_LIMIT,
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  })) {
    storeBatch(ctx, target, walk, batch);
    tally(unstored, target, batch.warnings);
    if (extended && batch.sales.some((sale) => sale.transactionDate === filter.endDate)) ctx.endDayIncluded = true;
    references = batch.references;
    if (batch.warnings.some((warning) => warning.reference === null)) unmatched = true;
    ctx.tracker.page(target.index, batch.sales.length, batch.warnings.length, batch.progress.totalHint);
    report(ctx);
    last = batch.progress;
  }
  if (last === null || !last.complete) {
    throw new AppError(
      'BAD_RESPONSE',
      `The service kept repeating pages for ${target.label}, so that period could not be fully synced. Try again later.`,
    );
  }
  const summary = {
    distinct: last.distinct,
    consistentTotal: last.consistentTotal,
    totalChanged: last.totalChanged,
    references,
  };
  return { references, unmatched, summary, unstored };
}

/** One note per day (or per span asked for, for records that named no day) with records that could not be stored. */
function noteUnstored(ctx: RunContext, target: WalkTarget, unstored: UnstoredTally): void {
  for (const [days, { day, count, reason }] of unstored) {
    const what = `${count === 1 ? '1 record' : `${count} records`} the service sent could not be read (${reason})`;
    const placed = day !== null || scopeOf(target) === '';
    const which = days.includes(' to ') ? 'these days are' : 'this day is';
    const outcome = placed
      ? `${which} not complete and will be fetched again at the next sync`
      : 'no day could be read for it, so an open sale it may stand for keeps its last known status';
    addNote(ctx, 'sync.unstored-records', `${placed ? days : target.label}: ${what}; ${outcome}.`);
  }
}

function mismatch(summary: WalkSummary): string {
  return summary.totalChanged
    ? "the service's count changed from page to page"
    : `the service counted ${summary.consistentTotal ?? 0} sales but ${summary.distinct} distinct ones arrived`;
}

/** Walks `target` until a walk can be trusted (see the file's comment). */
export async function walkUntilStable(ctx: RunContext, target: WalkTarget): Promise<StableWalk> {
  let previous: ReferenceDigest | null = null;
  for (let walk = 1; ; walk += 1) {
    const startedAt = ctx.now();
    const result = await walkOnce(ctx, target, walk);
    const verdict = judgeWalk(result.summary, previous);
    const outcome = { references: result.references, unmatched: result.unmatched, startedAt, walks: walk };
    if (verdict === 'again' && walk < MAX_WALKS) {
      addNote(
        ctx,
        'sync.walk-again',
        `${target.label}: ${mismatch(result.summary)} (the report changed while it was read); it was walked again.`,
      );
      previous = digestReferences(result.references);
      continue;
    }
    if (verdict === 'again') {
      addNote(
        ctx,
        'sync.unsettled',
        `${target.label}: the report changed on each of ${MAX_WALKS} walks (${mismatch(result.summary)}); every sale received is kept, but the period is not marked complete and will be fetched again.`,
      );
      noteUnstored(ctx, target, result.unstored);
      return { ...outcome, verdict: 'unsettled' };
    }
    if (verdict === 'agreed') {
      addNote(
        ctx,
        'sync.count-disagrees',
        `${target.label}: ${mismatch(result.summary)}, but two walks in a row returned the same sales; they are kept as received.`,
      );
    }
    noteUnstored(ctx, target, result.unstored);
    return { ...outcome, verdict };
  }
}
