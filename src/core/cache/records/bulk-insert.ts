/**
 * Inserts a page of sales expected to be new (a first sync's pages) with a few multi-row INSERTs instead of one
 * statement per sale. Per statement, better-sqlite3 and SQLite pay a call, a reset, a result object and a seek from the root of
 * each index; one statement for many rows pays them once and keeps its cursors where the last row went.
 *
 * Rows are bound in chunks whose sizes are powers of two (a page of 100 is 64 + 32 + 4 rows), so a handful of
 * statements serve every page length. The account and the page's time are named parameters, bound once per
 * statement. Rows whose rarely used columns (exact amount texts, extra fields, notices) are all empty go through
 * a statement that leaves those columns out, so the usual sale binds four values fewer.
 *
 * `OR IGNORE` leaves out a row whose reference the account has already; the caller then looks the page up and stores
 * those rows one by one, as it stores every page that holds stored sales. No savepoint is needed (SQLite would copy
 * every page it touches to roll back to one), and a page of new sales is never looked up first.
 */
import type Database from 'better-sqlite3';
import { ROW_VALUE_COLUMNS, type RowValues } from './sale-row';

/** The largest chunk: pages hold at most 100 sales. */
const MAX_CHUNK = 64;

/** Columns left out of the lean statement; they are NULL for almost every sale. */
const RARE_COLUMNS = ['commission_exact', 'transaction_exact', 'extra', 'notices'] as const;
const RARE_AT = RARE_COLUMNS.map((c) => ROW_VALUE_COLUMNS.indexOf(c));
const LEAN_AT = ROW_VALUE_COLUMNS.map((_, i) => i).filter((i) => !RARE_AT.includes(i));

interface Shape {
  columns: readonly number[];
  statements: Map<number, Database.Statement<unknown[]>>;
}

/** What a bulk insert did. */
export interface BulkInserted {
  /** Every row got an id at least this high; ids below it were there before. */
  firstId: number;
  /** The new ids of the rows, in their order; null when the unique index left some rows out. */
  ids: number[] | null;
}

/** Inserts rows expected to be new; see the module comment. */
export interface BulkInsert {
  /**
   * Inserts `rows` (in {@link ROW_VALUE_COLUMNS} order) for `account` with `at` as their first-seen, last-changed
   * and status-checked time. A row whose reference the account has already (stored before, or earlier in `rows`) is
   * left out, and the caller stores it otherwise.
   */
  insert(account: string, rows: readonly RowValues[], at: string): BulkInserted;
}

function isLean(row: RowValues): boolean {
  for (const i of RARE_AT) if (row[i] !== null) return false;
  return true;
}

/** Chunk sizes for `count` rows: as many {@link MAX_CHUNK}s as fit, then the powers of two of the rest. */
function chunkSizes(count: number): number[] {
  const sizes: number[] = [];
  let left = count;
  while (left >= MAX_CHUNK) {
    sizes.push(MAX_CHUNK);
    left -= MAX_CHUNK;
  }
  for (let size = MAX_CHUNK / 2; size >= 1; size /= 2) {
    if (left >= size) {
      sizes.push(size);
      left -= size;
    }
  }
  return sizes;
}

/** Prepares the bulk insert on `db`. Statements are made when a chunk size is first needed. */
export function createBulkInsert(db: Database.Database): BulkInsert {
  const lean: Shape = { columns: LEAN_AT, statements: new Map() };
  const full: Shape = { columns: ROW_VALUE_COLUMNS.map((_, i) => i), statements: new Map() };
  const highestId = db.prepare<[], number | null>('SELECT max(id) FROM sales').pluck();
  const idsOf = db
    .prepare<[string, string], [number, string]>(
      'SELECT id, reference FROM sales WHERE account_id = ? AND reference IN (SELECT value FROM json_each(?))',
    )
    .raw();

  const statement = (shape: Shape, size: number): Database.Statement<unknown[]> => {
    let found = shape.statements.get(size);
    if (found === undefined) {
      const names = shape.columns.map((i) => ROW_VALUE_COLUMNS[i]).join(', ');
      const tuple = `(@account, ${shape.columns.map(() => '?').join(', ')}, @at, @at, @at)`;
      found = db.prepare(
        `INSERT OR IGNORE INTO sales (account_id, ${names}, first_seen, last_changed, status_checked_at) VALUES ${Array(size).fill(tuple).join(', ')}`,
      );
      shape.statements.set(size, found);
    }
    return found;
  };

  /** Inserts `size` rows from `from`; returns how many went in and the id of the last. */
  const insertChunk = (
    rows: readonly RowValues[],
    from: number,
    size: number,
    named: { account: string; at: string },
  ): [number, number] => {
    let shape = lean;
    for (let r = from; r < from + size; r++) if (!isLean(rows[r] as RowValues)) shape = full;
    const width = shape.columns.length;
    const args = new Array<unknown>(size * width + 1);
    for (let r = 0; r < size; r++) {
      const row = rows[from + r] as RowValues;
      for (let c = 0; c < width; c++) args[r * width + c] = row[shape.columns[c] as number];
    }
    args[size * width] = named;
    const { changes, lastInsertRowid } = statement(shape, size).run(...args);
    return [changes, Number(lastInsertRowid)];
  };

  // Ids of a table without AUTOINCREMENT are one more than the highest so far, so when every row went in they took
  // the ids after it in order; should that ever not hold (ids near the largest SQLite allows), they are read back.
  const readIds = (account: string, rows: readonly RowValues[]): number[] => {
    const byReference = new Map(
      idsOf.all(account, JSON.stringify(rows.map((row) => row[0]))).map(([id, reference]) => [reference, id]),
    );
    return rows.map((row) => byReference.get(row[0] as string) as number);
  };

  return {
    insert: (account, rows, at) => {
      const named = { account, at };
      const firstId = (highestId.get() ?? 0) + 1;
      let from = 0;
      let all = true;
      let consecutive = true;
      for (const size of chunkSizes(rows.length)) {
        const [inserted, last] = insertChunk(rows, from, size, named);
        from += size;
        if (inserted < size) all = false;
        else if (last !== firstId + from - 1) consecutive = false;
      }
      if (!all) return { firstId, ids: null };
      return {
        firstId,
        ids: consecutive ? Array.from({ length: rows.length }, (_, i) => firstId + i) : readIds(account, rows),
      };
    },
  };
}
