/**
 * The cache's one public object: what the sync engine writes through and what the IPC handlers and exports read
 * from. Writes go to SQLite first and then to the in-memory browse index; every read works offline. Inputs that come
 * from the renderer (`unknown` parameters) are parsed with zod here.
 */
import type Database from 'better-sqlite3';
import type { Sale } from '../../shared/domain';
import {
  assertAccount,
  createLookupIds,
  isoInstant,
  createPageStore,
  type StorePageOptions,
  type StorePageResult,
  createProfileStore,
  type ProfileStore,
  createSaleReader,
  streamSales,
} from './records';
import { createBrowseIndex, SAVED_INDEX_MIN_SALES } from './browse';
import { guardCorruption, guardedStore, invalidInput } from './cache-errors';
import { createChangeLog } from './changes';
import {
  createCoverageStore,
  createSyncLeaseStore,
  createSyncRunStore,
  type CoverageStore,
  type SyncLeaseStore,
  type SyncRunStore,
} from './coverage';
import { createClearAll } from './clear-all';
import { createClosedMonthStore, type ClosedMonthStore } from './closed-months';
import { createReferenceRateStore, type ReferenceRateStore } from './reference-rates';
import { createBankStatementStore, type BankStatementStore } from './bank-statements';
import { asOfAccount, historyStart, type AsOfAccount } from './as-of';
import { browsed, createSalesReads, type SalesReadParts, type SalesReads } from './sales-reads';
import { createForgetAccount } from './forget-account';
import { changesQuerySchema, saleHistoryQuerySchema, parseInput, type SalesFilter } from '../../shared/sales-query';
import type { DataAsOf, SaleChange } from '../../shared/sales-query-types';
import {
  createOpenSaleReads,
  createStaleOpenSales,
  createStatusCheckAge,
  createUnreportedMarker,
  checkedSaleReads,
  type CompleteFetch,
  type OpenSaleReads,
} from './status-checks';

/** The sales cache of one file. All methods are synchronous (better-sqlite3) and safe to call from the main process. */
export interface SalesCache
  extends
    SalesReads,
    CoverageStore,
    ProfileStore,
    SyncRunStore,
    SyncLeaseStore,
    OpenSaleReads,
    ClosedMonthStore,
    ReferenceRateStore,
    BankStatementStore {
  readonly path: string;
  /** Upserts one fetched page in one transaction; call once per page, and mark a window covered only after all its pages. */
  storePage(
    account: string,
    sales: readonly Sale[],
    fetchedAt: Date | string,
    options?: StorePageOptions,
  ): StorePageResult;
  /**
   * Readies the account's in-memory browse index and its date order now, so the first sales-screen query does not pay
   * for them: read from the file saved at the last close, or built from the table when the account has at most
   * `buildLimit` sales (a build takes time in proportion to the sales).
   * False when it did neither; the first query then builds the index. Call it when the sales screen is likely next.
   */
  prepareBrowsing(account: string, buildLimit?: number): boolean;
  /** The change log (R2): what the service changed on cached sales after an instant, oldest first. */
  changesSince(account: string, query: unknown): SaleChange[];
  /** Every change the cache saw of one sale (`{ reference }`), oldest first. */
  saleHistory(account: string, query: unknown): SaleChange[];
  /**
   * After a complete fetch of a day range: marks "no longer reported" the cached sales of those days it did not return
   * (kept, stamped, listed as changes; T5). Returns how many.
   */
  markNoLongerReported(account: string, fetch: CompleteFetch, at: Date | string): number;
  /**
   * The sales as they were at `at` (B1): those first seen by then, each with the values it had then, read through
   * the same engine as today's. Refused for a time that is not one or is in the future.
   */
  asOf(at: Date | string): AsOfCache;
  /** Deletes every account's cached data and shrinks the file; returns the sales removed. */
  clearAll(): number;
  /** Deletes all of an account's cached data (after "Sign out and delete cached sales"); returns the sales removed. */
  forgetAccount(account: string): number;
  /** Runs `work` in one transaction (nested calls become savepoints), e.g. a page plus the sync engine's own rows. */
  transaction<T>(work: () => T): T;
  close(): void;
}

/** Tuning of the cache object; the defaults are the app's. */
export interface SalesCacheOptions {
  /** From how many sales an account's browse index is saved beside the cache at close (see `saved-columns.ts`). */
  savedIndexMinSales?: number;
  /**
   * Whether this process browses the cache (the app's sales screen does; the command line does not). A process that
   * does not keeps an account's browse index only until an export has chosen its rows, so the index does not sit in
   * memory beside the rows the export writes.
   */
  browsing?: boolean;
}

/** The sales as they were at a past moment, with when that is and when the cache's history began. */
export interface AsOfCache extends SalesReads, Pick<SalesCache, 'coverage' | 'lastSyncRun'> {
  /** The moment, as an ISO instant. */
  at: string;
  /** When the cache began recording every change (null: from its first sale); before it, sales are as they were then. */
  historyStart: string | null;
}

/** Builds the cache object over an open, migrated connection. */
export function createSalesCache(
  db: Database.Database,
  path: string,
  now: () => Date,
  options: SalesCacheOptions = {},
): SalesCache {
  const lookups = createLookupIds(db);
  const readSales = createSaleReader(db);
  const storePage = createPageStore(db, lookups);
  const coverage = createCoverageStore(db);
  const profiles = createProfileStore(db);
  const runs = createSyncRunStore(db, now);
  const leases = createSyncLeaseStore(db);
  const closedMonths = createClosedMonthStore(db);
  const rates = createReferenceRateStore(db);
  const bank = createBankStatementStore(db);
  const changes = createChangeLog(db);
  const openSales = createOpenSaleReads(db);
  const markUnreported = createUnreportedMarker(db);
  const statusCheckAge = createStatusCheckAge(db);
  const staleOpenSales = createStaleOpenSales(db);
  const browse = createBrowseIndex(db, {
    cachePath: path,
    minSales: options.savedIndexMinSales ?? SAVED_INDEX_MIN_SALES,
  });
  const forget = createForgetAccount(db);
  const clearAll = createClearAll(db);

  const dataAsOf = (account: string, filter: SalesFilter): DataAsOf | null =>
    filter.from !== undefined && filter.to !== undefined && filter.dateBasis !== 'payment'
      ? coverage.coverage(account, filter.from, filter.to)
      : null;
  const view = (account: string) => {
    assertAccount(account);
    return browse.view(account);
  };
  const readParts: SalesReadParts = {
    view,
    readSales: () => readSales,
    streamSales: (_account, ids) => streamSales(path, ids),
    dataAsOf,
    statusChecks: () => ({ statusCheckAge, staleOpenSales }),
    chosen: (account) => {
      if (options.browsing !== false) return;
      // A process that does not browse frees the index and the pages its build read before the rows are written.
      browse.release(account);
      db.pragma('shrink_memory');
    },
  };
  const reads = createSalesReads(readParts);

  return {
    path,
    storePage: (account, sales, fetchedAt, options) =>
      guardCorruption(() => {
        const stored = storePage(account, sales, fetchedAt, options);
        browse.noteWrites(account, stored.changedIds);
        return stored.result;
      }),
    ...guardedStore(coverage),
    ...guardedStore(profiles),
    ...guardedStore(runs),
    ...guardedStore(leases),
    ...guardedStore(openSales),
    ...guardedStore(closedMonths),
    ...guardedStore(rates),
    ...guardedStore(bank),
    prepareBrowsing: (account, buildLimit = Infinity) =>
      browsed(() => {
        assertAccount(account);
        if (!browse.prepare(account, buildLimit)) return false;
        view(account).withOrder('transactionDate', () => undefined);
        return true;
      }),
    ...reads,
    changesSince: (account, input) =>
      guardCorruption(() => {
        const query = parseInput(changesQuerySchema, input ?? {}, 'change log query');
        const since = query.since ?? runs.lastSyncRun(account, 'completed')?.startedAt;
        return since === undefined ? [] : changes.since(account, new Date(since).toISOString(), query.limit);
      }),
    saleHistory: (account, input) =>
      guardCorruption(() =>
        changes.ofSale(account, parseInput(saleHistoryQuerySchema, input, 'sale history query').reference),
      ),
    markNoLongerReported: (account, fetch, at) =>
      guardCorruption(() => {
        const ids = markUnreported(account, fetch, at);
        browse.noteWrites(account, ids);
        return ids.length;
      }),
    asOf: (at) => {
      const instant = isoInstant(at);
      if (Date.parse(instant) > now().getTime())
        throw invalidInput(`${instant} is in the future: a report can be made as of a moment that has passed.`);
      const accounts = new Map<string, AsOfAccount>();
      const ofAccount = (account: string): AsOfAccount => {
        assertAccount(account);
        let parts = accounts.get(account);
        if (parts === undefined) {
          parts = asOfAccount(db, path, account, instant);
          accounts.set(account, parts);
        }
        return parts;
      };
      return {
        at: instant,
        historyStart: guardCorruption(() => historyStart(db)),
        coverage: (account, from, to) => guardCorruption(() => coverage.coverage(account, from, to)),
        // The About sheet's "last completed sync" is the last one a file made then could name.
        lastSyncRun: (account, status) => guardCorruption(() => runs.lastSyncRun(account, status, instant)),
        ...createSalesReads({
          ...readParts,
          view: (account) => ofAccount(account).view,
          readSales: (account) => ofAccount(account).readSales,
          streamSales: (account, ids) => ofAccount(account).streamSales(ids),
          statusChecks: (account) => checkedSaleReads(ofAccount(account).checked),
          chosen: () => undefined,
        }),
      };
    },
    clearAll: () =>
      guardCorruption(() => {
        const removed = clearAll();
        browse.reset();
        browse.removeSaved(null);
        lookups.forget();
        return removed;
      }),
    forgetAccount: (account) =>
      guardCorruption(() => {
        const removed = forget(account);
        browse.reset();
        browse.removeSaved(account);
        return removed;
      }),
    transaction: (work) => {
      try {
        // IMMEDIATE: a write transaction that began as a read fails at once (not after busy_timeout) when another
        // process wrote in between; taking the write lock first makes it wait its turn instead.
        return db.transaction(work).immediate();
      } catch (error) {
        browse.reset();
        lookups.forget();
        throw error;
      }
    },
    close: () => {
      // The next open reads the browse index instead of rebuilding it; when saving fails it rebuilds, as without one.
      try {
        if (db.open && !db.inTransaction) browse.save();
      } catch {
        // Nothing is lost: the saved index is only ever a copy of what SQLite holds.
      }
      browse.reset();
      db.close();
    },
  };
}
