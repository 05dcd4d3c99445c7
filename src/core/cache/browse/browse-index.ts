/**
 * Keeps one {@link SaleColumns} per account in memory, in step with SQLite: built on first use, patched with the rows
 * each stored page wrote, dropped when another connection changed the file (`PRAGMA data_version`) or a transaction
 * rolled back. Sort orders, filter masks and text hits are memoised until the next change, so scrolling a filtered
 * table re-uses them.
 */
import type Database from 'better-sqlite3';
import { loadCatalog, type LookupCatalog } from './lookup-catalog';
import type { SaleSortColumn, SalesFilter } from '../../../shared/sales-query';
import { COLUMN_SELECT, createColumns, putRow, type ColumnRow, type SaleColumns } from './column-store';
import { selectMatching, type Selection } from './filter-mask';
import { searchTerms, searchTerm } from '../search';
import { sortOrder } from './sort-order';

/** Above this many pending row ids a rebuild is cheaper than a patch. */
const PATCH_LIMIT = 50_000;
const MEMO_LIMIT = 8;

/** One account's in-memory view with its memoised orders and selections. */
export interface AccountView {
  account: string;
  columns: SaleColumns;
  catalog: LookupCatalog;
  order(column: SaleSortColumn): Int32Array;
  select(filter: SalesFilter): Selection;
}

/** The per-connection registry of account views. */
export interface BrowseIndex {
  view(account: string): AccountView;
  /** Rows `ids` of `account` were inserted or updated (in the current transaction or a committed one). */
  noteWrites(account: string, ids: readonly number[]): void;
  /** Forgets everything (after a rollback, or when the file changed underneath). */
  reset(): void;
}

interface AccountState {
  columns: SaleColumns;
  catalog: LookupCatalog;
  pending: Set<number>;
  orders: Map<SaleSortColumn, Int32Array>;
  selections: Map<string, Selection>;
  texts: Map<string, Uint8Array>;
}

function remember<T>(memo: Map<string, T>, key: string, make: () => T): T {
  let value = memo.get(key);
  if (value === undefined) {
    value = make();
    if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
  } else {
    memo.delete(key);
  }
  memo.set(key, value);
  return value;
}

/** Marks with 1 the positions whose code is in `ids` (a short list of lookup ids). */
function markCodes(word: Uint8Array, codes: Int32Array, size: number, ids: readonly number[]): void {
  if (ids.length === 0) return;
  const table = new Uint8Array(Math.max(...ids) + 1);
  for (const id of ids) table[id] = 1;
  for (let p = 0; p < size; p++) {
    const code = codes[p] as number;
    if (code < table.length && table[code] === 1) word[p] = 1;
  }
}

/** Sales matching every term: per term, its own entry's hits or its product's or collection's name hits. */
function textMask(db: Database.Database, columns: SaleColumns, terms: readonly string[]): Uint8Array {
  const size = columns.size;
  const mask = new Uint8Array(size).fill(1);
  for (const term of terms) {
    const hits = searchTerm(db, term);
    const word = new Uint8Array(size);
    for (const id of hits.sales) {
      const pos = id < columns.posById.length ? (columns.posById[id] as number) : -1;
      if (pos >= 0) word[pos] = 1;
    }
    markCodes(word, columns.product, size, hits.products);
    markCodes(word, columns.collection, size, hits.collections);
    for (let p = 0; p < size; p++) mask[p] = (mask[p] as number) & (word[p] as number);
  }
  return mask;
}

function makeView(db: Database.Database, account: string, state: AccountState, beforeTextSearch: () => void): AccountView {
  return {
    account,
    columns: state.columns,
    catalog: state.catalog,
    order: (column) => {
      let order = state.orders.get(column);
      if (order === undefined) {
        order = sortOrder(db, account, state.columns, state.catalog, column);
        state.orders.set(column, order);
      }
      return order;
    },
    select: (filter) =>
      remember(state.selections, JSON.stringify(filter), () => {
        const terms = searchTerms(filter.text);
        const hits =
          terms === null
            ? null
            : remember(state.texts, terms.join(' '), () => {
                beforeTextSearch();
                return textMask(db, state.columns, terms);
              });
        return selectMatching(state.columns, state.catalog, filter, hits);
      }),
  };
}

/** Rows read per statement run when scanning the table: `.all()` on a rowid range is 20% faster than `.iterate()`. */
const SCAN_CHUNK = 20_000;

/**
 * Reads an account's rows in id order: a plain table scan, in rowid ranges, when the account holds a large share of
 * the file (twice as fast as going through an index and sorting), the account index otherwise.
 */
function load(db: Database.Database, account: string): AccountState {
  const count = db.prepare<[string], number>('SELECT count(*) FROM sales WHERE account_id = ?').pluck().get(account) ?? 0;
  const maxId = db.prepare<[], number | null>('SELECT max(id) FROM sales').pluck().get() ?? 0;
  const columns = createColumns(count);
  if (count * 4 >= maxId) {
    const chunk = db
      .prepare<[string, number], ColumnRow>(`SELECT ${COLUMN_SELECT} FROM sales NOT INDEXED WHERE account_id = ? AND id > ? ORDER BY id LIMIT ${SCAN_CHUNK}`)
      .raw();
    for (let after = 0, rows = chunk.all(account, after); rows.length > 0; rows = chunk.all(account, after)) {
      for (const row of rows) putRow(columns, row);
      after = (rows[rows.length - 1] as ColumnRow)[0];
    }
  } else {
    const rows = db.prepare<[string], ColumnRow>(`SELECT ${COLUMN_SELECT} FROM sales WHERE account_id = ? ORDER BY id`).raw();
    for (const row of rows.iterate(account)) putRow(columns, row);
  }
  return { columns, catalog: loadCatalog(db), pending: new Set(), orders: new Map(), selections: new Map(), texts: new Map() };
}

/** Applies pending writes; false when they cannot keep positions in id order (then the caller rebuilds). */
function patch(db: Database.Database, state: AccountState): boolean {
  const rows = db
    .prepare<[string], ColumnRow>(`SELECT ${COLUMN_SELECT} FROM sales WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`)
    .raw()
    .all(JSON.stringify([...state.pending]));
  const { columns } = state;
  const lastId = columns.size === 0 ? 0 : (columns.ids[columns.size - 1] as number);
  for (const row of rows) {
    const known = row[0] < columns.posById.length && (columns.posById[row[0]] as number) >= 0;
    if (!known && row[0] < lastId) return false;
    putRow(columns, row);
  }
  state.pending.clear();
  state.catalog = loadCatalog(db);
  state.orders.clear();
  state.selections.clear();
  state.texts.clear();
  return true;
}

/**
 * Creates the registry for `db`. `beforeTextSearch` runs before the search index is queried (it brings the index up
 * to date with the sales stored since its last catch-up).
 */
export function createBrowseIndex(db: Database.Database, beforeTextSearch: () => void = () => undefined): BrowseIndex {
  const states = new Map<string, AccountState | null>();
  let dataVersion = db.pragma('data_version', { simple: true }) as number;
  const checkExternalWrites = (): void => {
    const current = db.pragma('data_version', { simple: true }) as number;
    if (current !== dataVersion) states.clear();
    dataVersion = current;
  };
  return {
    view: (account) => {
      checkExternalWrites();
      let state = states.get(account) ?? null;
      if (state !== null && state.pending.size > 0 && !patch(db, state)) state = null;
      if (state === null) {
        state = load(db, account);
        states.set(account, state);
      }
      return makeView(db, account, state, beforeTextSearch);
    },
    noteWrites: (account, ids) => {
      const state = states.get(account);
      if (!state) return;
      for (const id of ids) state.pending.add(id);
      if (state.pending.size > PATCH_LIMIT) states.set(account, null);
    },
    reset: () => states.clear(),
  };
}
