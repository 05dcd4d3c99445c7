/**
 * Stores one fetched page of sales in one transaction (D1): after a crash a page is either wholly in the
 * cache or not at all. A re-fetched sale is updated in place, and every change of its statuses, amounts, currency or
 * dates is written to the change log (D4, R2), flagged as a restatement when the sale was paid; a sale that did not
 * change keeps its values (only its check time moves).
 *
 * A page of new sales only (what a first sync receives) is inserted in bulk (`bulk-insert.ts`) without looking its
 * references up first: the unique index on account and reference keeps a stored sale out of the bulk insert, and
 * such a sale is then stored as every sale of a page of stored sales is, one by one.
 *
 * Every sale of a page, changed or not, gets the page's time as `status_checked_at` (T3); a sale that had been
 * marked "no longer reported" is reported again, and that is logged as a change too (T5).
 */
import type Database from 'better-sqlite3';
import type { JsonValue, Sale } from '../../../shared/domain';
import { NO_CHANGES, type ChangeCounts } from '../../../shared/sale-changes';
import { assertAccount } from './account-id';
import { createBulkInsert, type BulkInsert } from './bulk-insert';
import { saleChanges, type ChangeEntry } from './change-entries';
import { invalidInput } from '../cache-errors';
import { isoInstant } from './day-numbers';
import type { LookupIds } from './lookup-ids';
import { createUnstoredRecords, type UnstoredPage } from './unstored-records';
import { REFERENCE_AT, ROW_VALUE_COLUMNS, assertStorable, sameValues, toRowValues, type RowValues } from './sale-row';

/** Ties a page to a sync run, so the run's progress and resume point commit together with the page. */
export interface StorePageOptions {
  runId?: number;
  /** Whatever the sync engine needs to resume after this page (e.g. the next page URL); stored as JSON. */
  checkpoint?: JsonValue;
  /**
   * The page's records that could not be stored, and the walk it belongs to (see `unstored-records.ts`); remembered in
   * the page's transaction, so a day is never complete while one of its records is missing (T8). Give it on every page
   * of a walk, even with no records: that is how a walk replaces what earlier walks of those days left.
   */
  unstored?: UnstoredPage;
}

/**
 * What storing a page did, with the changes it logged by kind (R2). `roundedAmounts` counts sales with an amount its
 * currency's units cannot hold (finer than the currency, or too large), kept as exact text beside rounded units.
 */
export interface StorePageResult extends ChangeCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  roundedAmounts: number;
  /** Sales that had been marked "no longer reported" and are in this page again. */
  reportedAgain: number;
}

/** The change log's field and values for a sale leaving or re-entering the service's reports (T5). */
export const REPORTED_FIELD = 'reported';
export const REPORTED = 'reported';
export const NO_LONGER_REPORTED = 'no longer reported';

/** The page store's outcome plus the row ids it wrote, for keeping in-memory indexes in step. */
export interface StoredPage {
  result: StorePageResult;
  changedIds: number[];
}

/** Stores one page; see {@link createPageStore}. */
export type PageStore = (
  account: string,
  sales: readonly Sale[],
  fetchedAt: Date | string,
  options?: StorePageOptions,
) => StoredPage;

interface Statements {
  existing: Database.Statement<[string, string], unknown[]>;
  insert: Database.Statement<unknown[]>;
  update: Database.Statement<unknown[]>;
  logChange: Database.Statement<unknown[]>;
  runProgress: Database.Statement<unknown[]>;
  confirm: Database.Statement<unknown[]>;
  reportAgain: Database.Statement<unknown[]>;
}

interface Known {
  id: number;
  values: RowValues;
  /** Marked "no longer reported" (T5); read with the row, so reporting it again costs no extra lookup. */
  unreported?: boolean;
}

const COLUMN_LIST = ROW_VALUE_COLUMNS.join(', ');

function prepare(db: Database.Database): Statements {
  const placeholders = ROW_VALUE_COLUMNS.map(() => '?').join(', ');
  return {
    existing: db
      .prepare<[string, string], unknown[]>(
        `SELECT id, ${COLUMN_LIST}, unreported_at IS NOT NULL FROM sales WHERE account_id = ? AND reference IN (SELECT value FROM json_each(?))`,
      )
      .raw(),
    insert: db.prepare(
      `INSERT INTO sales (account_id, ${COLUMN_LIST}, first_seen, last_changed, status_checked_at) VALUES (?, ${placeholders}, ?, ?, ?)`,
    ),
    update: db.prepare(
      `UPDATE sales SET ${ROW_VALUE_COLUMNS.map((c) => `${c} = ?`).join(', ')}, last_changed = ?, status_checked_at = ? WHERE id = ?`,
    ),
    logChange: db.prepare(
      `INSERT INTO sale_changes (account_id, reference, field, old_value, new_value, old_currency, new_currency, changed_at,
         restates_paid, paid_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    runProgress: db.prepare(
      "UPDATE sync_runs SET pages = pages + 1, records = records + ?, checkpoint = ? WHERE id = ? AND account_id = ? AND status = 'running'",
    ),
    confirm: db.prepare('UPDATE sales SET status_checked_at = ? WHERE id IN (SELECT value FROM json_each(?))'),
    reportAgain: db.prepare('UPDATE sales SET unreported_at = NULL WHERE id = ?'),
  };
}

function loadKnown(statements: Statements, account: string, sales: readonly Sale[]): Map<string, Known> {
  const known = new Map<string, Known>();
  const rows = statements.existing.all(account, JSON.stringify(sales.map((s) => s.reference)));
  for (const row of rows) {
    const unreported = row[ROW_VALUE_COLUMNS.length + 1] === 1;
    known.set(row[1] as string, {
      id: row[0] as number,
      values: row.slice(1, ROW_VALUE_COLUMNS.length + 1) as RowValues,
      ...(unreported ? { unreported } : {}),
    });
  }
  return known;
}

/** Which count of the page's result an entry of the change log adds to. */
const COUNTED: Readonly<Record<ChangeEntry['field'], Exclude<keyof ChangeCounts, 'restatements'> | null>> = {
  commission_status: 'statusChanges',
  payment_status: 'statusChanges',
  reported: null,
  commission_amount: 'amountChanges',
  transaction_amount: 'amountChanges',
  currency: 'currencyChanges',
  payment_date: 'dateChanges',
  transaction_date: 'dateChanges',
};

/** Logs what changed between `before` and `after` (R2) and counts it in `result`. */
function logChanges(
  statements: Statements,
  account: string,
  before: RowValues,
  after: RowValues,
  at: string,
  result: StorePageResult,
): void {
  const { entries, restatement } = saleChanges(before, after);
  for (const entry of entries) {
    statements.logChange.run(
      account,
      after[REFERENCE_AT],
      entry.field,
      entry.oldValue,
      entry.newValue,
      entry.oldCurrency,
      entry.newCurrency,
      at,
      restatement === null ? 0 : 1,
      restatement?.paidOn ?? null,
    );
    const counted = COUNTED[entry.field];
    if (counted !== null) result[counted]++;
  }
  if (restatement !== null) result.restatements++;
}

function recordRun(statements: Statements, account: string, count: number, options: StorePageOptions): void {
  if (options.runId === undefined) return;
  const checkpoint = options.checkpoint === undefined ? null : JSON.stringify(options.checkpoint);
  const changed = statements.runProgress.run(count, checkpoint, options.runId, account).changes;
  if (changed === 0)
    throw invalidInput(`Sync run ${options.runId} of this account is not running; the page was not stored.`);
}

/** What one page's transaction works with. */
interface PageContext {
  statements: Statements;
  bulk: BulkInsert;
  account: string;
  at: string;
  known: Map<string, Known>;
  stored: StoredPage;
  /** Ids of the page's sales that did not change: their status is confirmed all the same. */
  confirmed: number[];
  /** The page's sales that had been marked "no longer reported". */
  returned: { id: number; reference: string }[];
}

function insertSale(ctx: PageContext, reference: string, values: RowValues): void {
  const id = Number(ctx.statements.insert.run(ctx.account, ...values, ctx.at, ctx.at, ctx.at).lastInsertRowid);
  ctx.known.set(reference, { id, values });
  ctx.stored.changedIds.push(id);
  ctx.stored.result.inserted++;
}

function updateSale(ctx: PageContext, reference: string, before: Known, values: RowValues): void {
  ctx.statements.update.run(...values, ctx.at, ctx.at, before.id);
  logChanges(ctx.statements, ctx.account, before.values, values, ctx.at, ctx.stored.result);
  ctx.known.set(reference, { id: before.id, values });
  ctx.stored.changedIds.push(before.id);
  ctx.stored.result.updated++;
}

function upsertSale(ctx: PageContext, reference: string, values: RowValues): void {
  const before = ctx.known.get(reference);
  if (before?.unreported) {
    ctx.returned.push({ id: before.id, reference });
    before.unreported = false;
  }
  if (before === undefined) insertSale(ctx, reference, values);
  else if (sameValues(before.values, values)) {
    ctx.stored.result.unchanged++;
    ctx.confirmed.push(before.id);
  } else updateSale(ctx, reference, before, values);
}

/** The rows to store for `sales`, in order; counts the sales whose amounts needed their exact text. */
function rowsOf(ctx: PageContext, sales: readonly Sale[], lookups: LookupIds): RowValues[] {
  const rows = new Array<RowValues>(sales.length);
  for (let i = 0; i < sales.length; i++) {
    const { values, rounded } = toRowValues(sales[i] as Sale, lookups);
    if (rounded) ctx.stored.result.roundedAmounts++;
    rows[i] = values;
  }
  return rows;
}

function recordInserted(ctx: PageContext, id: number): void {
  ctx.stored.changedIds.push(id);
  ctx.stored.result.inserted++;
}

/** Stores the page sale by sale: each is looked up, then inserted, updated, or confirmed as unchanged. */
function upsertPage(ctx: PageContext, sales: readonly Sale[], rows: readonly RowValues[]): void {
  ctx.known = loadKnown(ctx.statements, ctx.account, sales);
  rows.forEach((values, i) => upsertSale(ctx, (sales[i] as Sale).reference, values));
}

/**
 * Stores the page through the bulk insert, as the usual page of a first sync holds only new sales. The sales it
 * left out (stored before, or repeated within the page) are then looked up and stored one by one, as
 * {@link upsertPage} does; a sale the bulk insert did put in is only counted.
 */
function insertPage(ctx: PageContext, sales: readonly Sale[], rows: readonly RowValues[]): void {
  const { firstId, ids } = ctx.bulk.insert(ctx.account, rows, ctx.at);
  if (ids !== null) {
    for (const id of ids) recordInserted(ctx, id);
    return;
  }
  ctx.known = loadKnown(ctx.statements, ctx.account, sales);
  const counted = new Set<string>();
  rows.forEach((values, i) => {
    const reference = (sales[i] as Sale).reference;
    const found = ctx.known.get(reference);
    if (found !== undefined && found.id >= firstId && !counted.has(reference)) {
      counted.add(reference);
      recordInserted(ctx, found.id);
    } else upsertSale(ctx, reference, values);
  });
}

/** Confirms the unchanged sales' statuses and reports again the page's sales that had been no longer reported. */
function confirmPage(ctx: PageContext): void {
  if (ctx.confirmed.length > 0) ctx.statements.confirm.run(ctx.at, JSON.stringify(ctx.confirmed));
  for (const again of ctx.returned) {
    ctx.statements.reportAgain.run(again.id);
    ctx.statements.logChange.run(
      ctx.account,
      again.reference,
      REPORTED_FIELD,
      NO_LONGER_REPORTED,
      REPORTED,
      null,
      null,
      ctx.at,
      0,
      null,
    );
    ctx.stored.changedIds.push(again.id);
    ctx.stored.result.reportedAgain++;
  }
}

/**
 * Prepares the page store on `db`. The returned function upserts a page inside one transaction (a savepoint when the
 * caller already holds one), and returns counts plus the ids it wrote.
 */
export function createPageStore(db: Database.Database, lookups: LookupIds): PageStore {
  const statements = prepare(db);
  const bulk = createBulkInsert(db);
  // Whether the last page held only new sales: while a sync re-fetches stored days, each page's sales are looked up
  // first rather than offered to a bulk insert that would leave them out page after page.
  let expectNew = true;
  const unstored = createUnstoredRecords(db);
  const store = db.transaction(
    (account: string, sales: readonly Sale[], at: string, options: StorePageOptions): StoredPage => {
      const stored: StoredPage = {
        result: { inserted: 0, updated: 0, unchanged: 0, ...NO_CHANGES, roundedAmounts: 0, reportedAgain: 0 },
        changedIds: [],
      };
      const known = new Map<string, Known>();
      const ctx: PageContext = {
        statements,
        bulk,
        account,
        at,
        known,
        stored,
        confirmed: [],
        returned: [],
      };
      const rows = rowsOf(ctx, sales, lookups);
      if (expectNew) insertPage(ctx, sales, rows);
      else upsertPage(ctx, sales, rows);
      expectNew = stored.result.inserted === sales.length;
      confirmPage(ctx);
      recordRun(statements, account, sales.length, options);
      if (options.unstored !== undefined) unstored.note(account, options.unstored, at);
      return stored;
    },
  );
  return (account, sales, fetchedAt, options = {}) => {
    assertAccount(account);
    if (!Array.isArray(sales)) throw invalidInput('A page must be a list of sales.');
    sales.forEach(assertStorable);
    const at = isoInstant(fetchedAt);
    try {
      return store.immediate(account, sales, at, options);
    } catch (error) {
      lookups.forget();
      throw error;
    }
  };
}
