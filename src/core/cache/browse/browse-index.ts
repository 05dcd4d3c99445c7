/**
 * Keeps one {@link SaleColumns} per account in memory, in step with SQLite: built on first use, patched with the rows
 * each stored page wrote, dropped when another connection changed the file (`PRAGMA data_version`) or a transaction
 * rolled back. Sort orders, filter masks and text hits are memoised until the next change, so scrolling a filtered
 * table re-uses them. A large account's columns are saved beside the cache at close and read back at the next first use
 * when the cache has not changed since (`saved-columns.ts`), so opening is a read, not a rebuild.
 */
import type Database from 'better-sqlite3';
import { loadCatalog, type LookupCatalog } from './lookup-catalog';
import type { SaleSortColumn, SalesFilter } from '../../../shared/sales-query';
import {
  COLUMN_SELECT,
  columnArrays,
  createColumns,
  freeArrays,
  putRow,
  type ColumnRow,
  type SaleColumns,
} from './column-store';
import { selectMatching, type Selection } from './filter-mask';
import { keepSaleTextsIn, removeSavedTexts, saveSaleTexts, searchTerms, searchTerm, valuesContaining } from '../search';
import { sortOrder } from './sort-order';
import { readStamp, readTextStamp } from './browse-stamp';
import {
  openSavedColumns,
  removeSavedIndexes,
  SAVED_ORDERS,
  saveColumns,
  type SavedColumns,
  type SavedIndexPlace,
} from './saved-columns';

/** Above this many pending row ids a rebuild is cheaper than a patch. */
const PATCH_LIMIT = 50_000;
/** Selections kept per account (a byte a sale each). */
const SELECTION_LIMIT = 8;
/**
 * Text searches kept per account (a byte a sale each): a word searched again costs passes over every sale, and a
 * session goes back to earlier words more often than to earlier filters; eight dropped the word searched next.
 */
const TEXT_LIMIT = 16;
/**
 * Sort orders kept in memory per account (four bytes a sale each): the least recently used one goes when another is
 * needed, and is read back from the saved file or computed again when it is used next; most sorts are clicked once.
 */
export const ORDER_LIMIT = 4;

declare const lentBrand: unique symbol;
/**
 * A mask or order the view lends to one callback: its memory goes to a later selection or order once the view lets it
 * go, so it may be read inside that callback only.
 */
type Lent<T> = T & { readonly [lentBrand]: true };
type Refused = { readonly 'a lent mask or order may not leave the callback it was lent to': never };
/** What a lending callback may return: anything but a lent buffer, or an object with one as a property. */
type Returned<R> =
  R extends Lent<unknown>
    ? Refused
    : R extends object
      ? { [K in keyof R]: R[K] extends Lent<unknown> ? Refused : unknown }
      : unknown;

/** The sales a filter matches, as lent by {@link AccountView.withSelection}. */
export interface LentSelection {
  mask: Lent<Uint8Array>;
  count: number;
}

/**
 * One account's in-memory view with its memoised orders and selections. Their memory is reused for later ones, so
 * the view lends them to a callback instead of returning them: the types refuse one as the callback's result, and a
 * second order (or selection) asked for inside the callback of the first throws, since it could take its memory.
 */
export interface AccountView {
  account: string;
  columns: SaleColumns;
  catalog: LookupCatalog;
  withOrder<R>(column: SaleSortColumn, read: (order: Lent<Int32Array>) => R & Returned<R>): R;
  withSelection<R>(filter: SalesFilter, read: (selection: LentSelection) => R & Returned<R>): R;
  /** The value `make` computes from the columns, made once and kept until they change. */
  derived<T>(key: string, make: () => T): T;
}

/** The per-connection registry of account views. */
export interface BrowseIndex {
  view(account: string): AccountView;
  /**
   * Reads the account's saved columns now, or builds them when it has at most `buildLimit` sales; false when it did
   * neither (no saved columns and more sales than that: the first use builds them).
   */
  prepare(account: string, buildLimit: number): boolean;
  /** Rows `ids` of `account` were inserted or updated (in the current transaction or a committed one). */
  noteWrites(account: string, ids: readonly number[]): void;
  /**
   * Lets go of `account`'s columns, orders and selections, and frees at once the memory of those built in memory
   * (nothing may hold them after this); its next use reads or builds them again.
   */
  release(account: string): void;
  /** Forgets everything (after a rollback, or when the file changed underneath). */
  reset(): void;
  /** Saves the columns of accounts built or changed since they were read (see {@link SavedIndexOptions}); call before closing. */
  save(): void;
  /** Deletes the saved columns of `account`, or of every account when null (after forgetting or clearing). */
  removeSaved(account: string | null): void;
}

/** Where saved columns live, and from how many sales an account's are worth saving. */
export interface SavedIndexOptions extends SavedIndexPlace {
  /** Below this many sales a rebuild is quick and nothing is saved. */
  minSales: number;
}

/** Below this many sales an account's browse index is rebuilt at first use rather than saved. */
export const SAVED_INDEX_MIN_SALES = 50_000;

interface AccountState {
  columns: SaleColumns;
  catalog: LookupCatalog;
  pending: Set<number>;
  orders: Map<SaleSortColumn, Int32Array>;
  selections: Map<string, Selection>;
  texts: Map<string, Uint8Array>;
  derived: Map<string, unknown>;
  /** True while the columns are exactly what the saved file holds (read from it, unchanged since). */
  saved: boolean;
  /** The saved file the columns (and sort orders let go) are read from, until the columns change or are dropped. */
  file: SavedColumns | null;
  /** Whether an order or a selection is lent to a callback right now. */
  lending: { order: boolean; selection: boolean };
}

/** Runs `read` with `value` lent, refusing a second loan of the same kind meanwhile. */
function lend<T, R>(state: AccountState, kind: 'order' | 'selection', value: () => T, read: (value: T) => R): R {
  if (state.lending[kind])
    throw new Error(`A ${kind} was asked for while another is lent: it could take the lent one's memory.`);
  state.lending[kind] = true;
  try {
    return read(value());
  } finally {
    state.lending[kind] = false;
  }
}

/**
 * The memoised value of `key`, made when missing. When the memo is full its least recently used value goes, and
 * `make` gets it to reuse its memory: a new filter's mask then costs no new megabyte, where each would otherwise stay
 * allocated until V8's next full collection (which comes only after tens of megabytes of such arrays).
 */
function remember<T>(memo: Map<string, T>, limit: number, key: string, make: (spare: T | undefined) => T): T {
  let value = memo.get(key);
  if (value === undefined) {
    let spare: T | undefined;
    if (memo.size >= limit) {
      const oldest = memo.keys().next().value as string;
      spare = memo.get(oldest);
      memo.delete(oldest);
    }
    value = make(spare);
  } else {
    memo.delete(key);
  }
  memo.set(key, value);
  return value;
}

/** One column's codes and a table with 1 at each code a term matched (a lookup id, or a dictionary value's code). */
interface CodeHits {
  codes: Int32Array;
  table: Uint8Array;
}

/** A table with 1 at each of `ids`, covering the `length` codes the column can hold (a read past it gives 0 anyway). */
function hitTable(ids: readonly number[], length: number): Uint8Array {
  const table = new Uint8Array(Math.max(length, ids.reduce((max, id) => Math.max(max, id), 0) + 1));
  for (const id of ids) table[id] = 1;
  return table;
}

/**
 * Marks with 1 the positions whose code is hit in one of `lists` (a term's sub-IDs, products and collections), in one
 * pass with no branch: a pass per list read the mask once per list and mispredicted a branch at each hit.
 */
function markHits(word: Uint8Array, size: number, lists: readonly CodeHits[]): void {
  const [first, second, third] = lists;
  if (first === undefined) return;
  const { codes: a, table: ta } = first;
  if (second === undefined) {
    for (let p = 0; p < size; p++) word[p] = (word[p] as number) | (ta[a[p] as number] as number);
    return;
  }
  const { codes: b, table: tb } = second;
  if (third === undefined) {
    for (let p = 0; p < size; p++)
      word[p] = (word[p] as number) | (ta[a[p] as number] as number) | (tb[b[p] as number] as number);
    return;
  }
  const { codes: c, table: tc } = third;
  for (let p = 0; p < size; p++) {
    word[p] =
      (word[p] as number) |
      (ta[a[p] as number] as number) |
      (tb[b[p] as number] as number) |
      (tc[c[p] as number] as number);
  }
}

/**
 * 1 where the sale has `term` in its reference, its sub-ID (among the distinct ones) or its product's or collection's
 * name. The search hands over sale ids (any account) in ascending order, and they are found by walking the positions'
 * own ids, which ascend too: no id-to-position table is read.
 */
function markTerm(
  db: Database.Database,
  columns: SaleColumns,
  catalog: LookupCatalog,
  term: string,
  word: Uint8Array,
): void {
  const { ids, size } = columns;
  word.fill(0);
  let p = 0;
  const hits = searchTerm(db, term, (id) => {
    while (p < size && (ids[p] as number) < id) p++;
    if (p < size && ids[p] === id) word[p] = 1;
  });
  const lists: CodeHits[] = [];
  const add = (codes: Int32Array, matched: readonly number[], length: number): void => {
    if (matched.length > 0) lists.push({ codes, table: hitTable(matched, length) });
  };
  add(columns.subid, valuesContaining(columns.subids.values, term), columns.subids.values.length);
  add(columns.product, hits.products, catalog.products.length);
  add(columns.collection, hits.collections, catalog.collections.length);
  markHits(word, size, lists);
}

/**
 * Sales matching every term: per term, its own entry's hits or its product's or collection's name hits. Written into
 * `into` when it has the right length; a second term and more need a scratch mask, the first is marked in place.
 */
function textMask(
  db: Database.Database,
  columns: SaleColumns,
  catalog: LookupCatalog,
  terms: readonly string[],
  into: Uint8Array | undefined,
): Uint8Array {
  const { size } = columns;
  const mask = into?.length === size ? into : new Uint8Array(size);
  const [first, ...rest] = terms;
  if (first === undefined) return mask.fill(1);
  markTerm(db, columns, catalog, first, mask);
  const word = rest.length === 0 ? null : new Uint8Array(size);
  for (const term of rest) {
    markTerm(db, columns, catalog, term, word as Uint8Array);
    for (let p = 0; p < size; p++) mask[p] = (mask[p] as number) & ((word as Uint8Array)[p] as number);
  }
  return mask;
}

/**
 * Makes room for one more order: when {@link ORDER_LIMIT} are held, drops the least recently used of those the saved
 * file can give back (`cheap`), else the least recently used, and returns it so that the order read next can reuse
 * its memory (nothing else holds an order: pages read it within their call). Orders by product or collection name are
 * never saved and are the slowest to compute, so they stay while orders read quickly go.
 */
function evictOrder(
  orders: Map<SaleSortColumn, Int32Array>,
  cheap: (column: SaleSortColumn) => boolean,
): Int32Array | undefined {
  if (orders.size < ORDER_LIMIT) return undefined;
  const columns = [...orders.keys()];
  const column = columns.find(cheap) ?? (columns[0] as SaleSortColumn);
  const order = orders.get(column);
  orders.delete(column);
  return order;
}

/** The order of `column`, memoised; when too many are held, the one let go gives its memory. */
function orderOf(db: Database.Database, account: string, state: AccountState, column: SaleSortColumn): Int32Array {
  let order = state.orders.get(column);
  if (order !== undefined) {
    state.orders.delete(column);
  } else {
    const spare = evictOrder(state.orders, (held) => state.saved && state.file?.hasOrder(held) === true);
    order =
      (state.saved ? state.file?.order(column, spare) : null) ??
      sortOrder(db, account, state.columns, state.catalog, column, spare);
  }
  state.orders.set(column, order);
  return order;
}

/** The selection of `filter`, memoised with its text search; when too many are held, the one let go gives its memory. */
function selectionOf(db: Database.Database, state: AccountState, filter: SalesFilter): Selection {
  return remember(state.selections, SELECTION_LIMIT, JSON.stringify(filter), (spare) => {
    const terms = searchTerms(filter.text);
    const hits =
      terms === null
        ? null
        : remember(state.texts, TEXT_LIMIT, terms.join(' '), (spareHits) =>
            textMask(db, state.columns, state.catalog, terms, spareHits),
          );
    return selectMatching(state.columns, state.catalog, filter, hits, spare?.mask);
  });
}

function makeView(db: Database.Database, account: string, state: AccountState): AccountView {
  return {
    account,
    columns: state.columns,
    catalog: state.catalog,
    withOrder: (column, read) =>
      lend(state, 'order', () => orderOf(db, account, state, column) as Lent<Int32Array>, read),
    withSelection: (filter, read) =>
      lend(state, 'selection', () => selectionOf(db, state, filter) as LentSelection, read),
    derived: <T>(key: string, make: () => T): T => {
      if (!state.derived.has(key)) state.derived.set(key, make());
      return state.derived.get(key) as T;
    },
  };
}

/**
 * A view over rows given in id order rather than read from the table (the sales as they were at a past moment), with
 * the same filters, orders, totals and text search as an account's own view; it is nobody's to patch or save, and
 * goes when its holder lets it go.
 */
export function rowsView(db: Database.Database, account: string, rows: Iterable<ColumnRow>): AccountView {
  const columns = createColumns(0);
  for (const row of rows) putRow(columns, row);
  const state: AccountState = {
    columns,
    catalog: loadCatalog(db),
    pending: new Set(),
    orders: new Map(),
    selections: new Map(),
    texts: new Map(),
    derived: new Map(),
    saved: false,
    file: null,
    lending: { order: false, selection: false },
  };
  return makeView(db, account, state);
}

/**
 * Rows read per statement run when scanning the table: `.all()` on a rowid range is faster than `.iterate()`, and a
 * chunk this small leaves little garbage at once (a cold export or command builds the index before its own work).
 */
const SCAN_CHUNK = 2_000;

/**
 * Reads an account's rows in id order: a plain table scan, in rowid ranges, when the account holds a large share of
 * the file (twice as fast as going through an index and sorting), the account index otherwise.
 */
function build(db: Database.Database, account: string, limit: number): SaleColumns | null {
  const count =
    db.prepare<[string], number>('SELECT count(*) FROM sales WHERE account_id = ?').pluck().get(account) ?? 0;
  if (count > limit) return null;
  const maxId = db.prepare<[], number | null>('SELECT max(id) FROM sales').pluck().get() ?? 0;
  const columns = createColumns(count);
  if (count * 4 >= maxId) {
    const chunk = db
      .prepare<[string, number], ColumnRow>(
        `SELECT ${COLUMN_SELECT} FROM sales NOT INDEXED WHERE account_id = ? AND id > ? ORDER BY id LIMIT ${SCAN_CHUNK}`,
      )
      .raw();
    for (let after = 0, rows = chunk.all(account, after); rows.length > 0; rows = chunk.all(account, after)) {
      for (const row of rows) putRow(columns, row);
      after = (rows[rows.length - 1] as ColumnRow)[0];
    }
  } else {
    const rows = db
      .prepare<[string], ColumnRow>(`SELECT ${COLUMN_SELECT} FROM sales WHERE account_id = ? ORDER BY id`)
      .raw();
    for (const row of rows.iterate(account)) putRow(columns, row);
  }
  return columns;
}

/**
 * The account's columns from the saved file when it matches the cache, else rebuilt from SQLite; null when there is
 * no such file and the account has more than `buildLimit` sales.
 */
function load(
  db: Database.Database,
  account: string,
  saved: SavedIndexOptions | null,
  onDamage: () => void,
  buildLimit = Infinity,
): AccountState | null {
  const stamp = saved === null ? null : readStamp(db);
  const file = saved === null || stamp === null ? null : openSavedColumns(saved, account, stamp, onDamage);
  const columns = file?.columns ?? build(db, account, buildLimit);
  if (columns === null) return null;
  const memo = {
    orders: new Map(),
    selections: new Map(),
    texts: new Map(),
    derived: new Map(),
    lending: { order: false, selection: false },
  };
  return { columns, catalog: loadCatalog(db), pending: new Set(), ...memo, saved: file !== null, file };
}

/** Frees the arrays of a let-go account that were built in memory; those of a saved file are the file's to free. */
function freeBuilt(state: AccountState): void {
  if (state.file !== null) return;
  freeArrays(columnArrays(state.columns));
  freeArrays(state.orders.values());
  freeArrays([...state.selections.values()].map((selection) => selection.mask));
  freeArrays(state.texts.values());
}

/** Saves the accounts whose columns differ from their saved file, as of one read snapshot of the cache. */
function saveAll(db: Database.Database, states: Map<string, AccountState | null>, saved: SavedIndexOptions): void {
  for (const [account, state] of states) {
    if (state === null || state.saved || state.columns.size < saved.minSales) continue;
    if (state.pending.size > 0 && !patch(db, state)) continue;
    const stamp = readStamp(db);
    if (stamp === null) return;
    // Every array is in memory before the file they came from is replaced.
    state.file?.close(true);
    state.file = null;
    saveColumns(saved, account, stamp, state.columns, everyOrder(db, account, state));
    state.saved = true;
  }
}

/**
 * Every sort order the saved file can hold, those not used in this session built now: the next session then reads
 * any sort from the file instead of computing it at its first use. Their memory lasts only while the file is written.
 */
function everyOrder(db: Database.Database, account: string, state: AccountState): Map<SaleSortColumn, Int32Array> {
  const orders = new Map(state.orders);
  for (const column of SAVED_ORDERS)
    if (!orders.has(column)) orders.set(column, sortOrder(db, account, state.columns, state.catalog, column));
  return orders;
}

/** Applies pending writes; false when they cannot keep positions in id order (then the caller rebuilds). */
function patch(db: Database.Database, state: AccountState): boolean {
  const rows = db
    .prepare<[string], ColumnRow>(
      `SELECT ${COLUMN_SELECT} FROM sales WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`,
    )
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
  state.saved = false;
  // The columns are no longer the file's, so no order is read from it again: every array comes into memory, it closes.
  state.file?.close(true);
  state.file = null;
  state.catalog = loadCatalog(db);
  state.orders.clear();
  state.selections.clear();
  state.texts.clear();
  state.derived.clear();
  return true;
}

/** Creates the registry for `db`; `saved` says where columns are saved (none when null). */
export function createBrowseIndex(db: Database.Database, saved: SavedIndexOptions | null = null): BrowseIndex {
  const states = new Map<string, AccountState | null>();
  // The sales' references a text search reads are saved beside the columns, under a stamp of their own.
  if (saved !== null) keepSaleTextsIn(db, { place: saved, minSales: saved.minSales, stamp: () => readTextStamp(db) });
  const drop = (account: string | null): void => {
    for (const [key, state] of states) {
      if (account !== null && key !== account) continue;
      state?.file?.close();
      states.delete(key);
    }
  };
  // A saved array that does not read back: its file goes, and the next use rebuilds from SQLite.
  const damaged = (account: string): void => {
    drop(account);
    if (saved !== null) removeSavedIndexes(saved, account);
  };
  let dataVersion = db.pragma('data_version', { simple: true }) as number;
  const checkExternalWrites = (): void => {
    const current = db.pragma('data_version', { simple: true }) as number;
    if (current !== dataVersion) drop(null);
    dataVersion = current;
  };
  /** The account's state, up to date with the writes noted; loaded when missing unless over `buildLimit` (null). */
  const current = (account: string, buildLimit = Infinity): AccountState | null => {
    checkExternalWrites();
    let state = states.get(account) ?? null;
    if (state !== null && state.pending.size > 0 && !patch(db, state)) {
      drop(account);
      state = null;
    }
    if (state === null) {
      state = load(db, account, saved, () => damaged(account), buildLimit);
      if (state !== null) states.set(account, state);
    }
    return state;
  };
  return {
    // Without a limit the columns are always read or built, never null.
    view: (account) => makeView(db, account, current(account) as AccountState),
    prepare: (account, buildLimit) => current(account, buildLimit) !== null,
    noteWrites: (account, ids) => {
      const state = states.get(account);
      if (!state) return;
      for (const id of ids) state.pending.add(id);
      if (state.pending.size > PATCH_LIMIT) drop(account);
    },
    release: (account) => {
      const state = states.get(account);
      drop(account);
      if (state) freeBuilt(state);
    },
    reset: () => drop(null),
    save: () => {
      if (saved === null) return;
      // One read transaction: the stamp and the rows a patch reads are the same snapshot, and a write by another
      // connection since the columns were read shows in data_version and drops them instead of saving them.
      db.transaction(() => {
        checkExternalWrites();
        saveAll(db, states, saved);
        saveSaleTexts(db);
      })();
    },
    removeSaved: (account) => {
      if (saved === null) return;
      removeSavedIndexes(saved, account);
      // The saved texts hold every account's references.
      removeSavedTexts(saved);
    },
  };
}
