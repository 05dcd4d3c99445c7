/**
 * Feeds the virtual sales table: it fetches the windows of rows (offset/limit) that cover what is on screen, keeps
 * a few in a least-recently-used cache, and drops answers to a query that has since changed. When only the data
 * changed (a sync stored new sales) the rows on screen stay until their fresh copy arrives, so the table updates
 * in place instead of flashing. The renderer never holds more than a few thousand rows, whatever the total.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { AppErrorData } from '../../../../shared/errors';
import type { SalesFilter, SalesSort } from '../../../../shared/sales-query';
import type { CachedSale, DataAsOf } from '../../../../shared/sales-query-types';
import { call } from '../../common/bridge';
import {
  rememberFirstRowsQuery,
  takeArrivedFirstRows,
  takeFirstRows,
  WINDOW_SIZE,
  WindowCache,
  windowsCovering,
} from '../rows';

/** Rows fetched beyond the visible ones, so a short scroll finds them ready. */
const OVERSCAN_ROWS = 40;
/** Scrolling quickly (dragging the scrollbar) asks only for where it stops. */
const FETCH_DELAY_MS = 40;

/** What the table needs from its data. */
export interface SalesRows {
  /** Rows matching the filter; null before the first answer. */
  total: number | null;
  dataAsOf: DataAsOf | null;
  error: AppErrorData | null;
  /** The row at `index`, or undefined while its window loads. */
  rowAt: (index: number) => CachedSale | undefined;
  /** Tells which rows are on screen (inclusive); fetches what they need. */
  showRows: (first: number, last: number) => void;
  reload: () => void;
}

interface Window {
  rows: CachedSale[];
  version: number;
}

/** A window cache holding the table's first window when it has arrived already, with its total and freshness. */
function startingWindow(
  filter: SalesFilter,
  sort: SalesSort,
  version: number,
): { cache: WindowCache<Window>; total: number; dataAsOf: DataAsOf | null } | null {
  const arrived = takeArrivedFirstRows({ filter, sort, offset: 0, limit: WINDOW_SIZE });
  if (arrived === undefined || !arrived.ok) return null;
  const cache = new WindowCache<Window>();
  cache.set(0, { rows: arrived.value.rows, version });
  return { cache, total: arrived.value.total, dataAsOf: arrived.value.dataAsOf };
}

/** The rows of `filter` in `sort`, refreshed when `dataVersion` changes. */
export function useSalesRows(filter: SalesFilter, sort: SalesSort, dataVersion: number): SalesRows {
  const queryKey = JSON.stringify({ filter, sort });
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // The first window, when it arrived before the first render (see first-rows.ts): the table starts with its rows.
  const [initial] = useState(() => startingWindow(filter, sort, dataVersion));
  const [total, setTotal] = useState<number | null>(initial?.total ?? null);
  const [dataAsOf, setDataAsOf] = useState<DataAsOf | null>(initial?.dataAsOf ?? null);
  const [error, setError] = useState<AppErrorData | null>(null);
  const [attempt, setAttempt] = useState(0);

  const cache = useRef(initial?.cache ?? new WindowCache<Window>());
  // The request the fetches serve; windows answering an older one are dropped.
  const current = useRef({ queryKey, version: dataVersion, attempt, filter, sort });
  const inFlight = useRef(new Set<string>());
  const visible = useRef<[number, number]>([0, 40]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const totalRef = useRef<number | null>(initial?.total ?? null);

  const fetchWindow = useCallback((index: number) => {
    const { queryKey: key, version, attempt: tryNo, filter: f, sort: s } = current.current;
    const flightKey = `${key}|${version}|${tryNo}|${index}`;
    if (inFlight.current.has(flightKey)) return;
    inFlight.current.add(flightKey);
    const query = { filter: f, sort: s, offset: index * WINDOW_SIZE, limit: WINDOW_SIZE };
    // Asked for again at the next start, before the session and preferences are in (prefetched-first-rows.ts).
    if (index === 0) rememberFirstRowsQuery(query);
    void (takeFirstRows(query) ?? call('querySales', query)).then((result) => {
      inFlight.current.delete(flightKey);
      const now = current.current;
      if (now.queryKey !== key || now.attempt !== tryNo) return;
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setError(null);
      const [first, last] = visible.current;
      const keep = windowsCovering(first, last, result.value.total);
      cache.current.set(index, { rows: result.value.rows, version }, keep);
      if (version === now.version) {
        totalRef.current = result.value.total;
        setTotal(result.value.total);
        setDataAsOf(result.value.dataAsOf);
      }
      rerender();
    });
  }, []);

  const fetchNeeded = useCallback(() => {
    const [first, last] = visible.current;
    const knownTotal = totalRef.current;
    // With no rows known (first load, or an empty result that a sync may since have filled) ask for the first window.
    const needed =
      knownTotal === null || knownTotal === 0
        ? [0]
        : windowsCovering(first - OVERSCAN_ROWS, last + OVERSCAN_ROWS, knownTotal);
    for (const index of needed) {
      const held = cache.current.get(index);
      if (held === undefined || held.version !== current.current.version) fetchWindow(index);
    }
  }, [fetchWindow]);

  // A new query starts from nothing; new data (same query) keeps the rows shown until fresh ones arrive.
  useEffect(() => {
    const before = current.current;
    const newQuery = before.queryKey !== queryKey || before.attempt !== attempt;
    current.current = { queryKey, version: dataVersion, attempt, filter, sort };
    if (newQuery) {
      cache.current.clear();
      totalRef.current = null;
      setTotal(null);
      setDataAsOf(null);
      setError(null);
      visible.current = [0, visible.current[1] - visible.current[0]];
    }
    fetchNeeded();
  }, [queryKey, filter, sort, dataVersion, attempt, fetchNeeded]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const showRows = useCallback(
    (first: number, last: number) => {
      const [a, b] = visible.current;
      if (a === first && b === last) return;
      visible.current = [first, last];
      clearTimeout(timer.current);
      timer.current = setTimeout(fetchNeeded, FETCH_DELAY_MS);
    },
    [fetchNeeded],
  );

  const rowAt = useCallback(
    (index: number) => cache.current.peek(Math.floor(index / WINDOW_SIZE))?.rows[index % WINDOW_SIZE],
    [],
  );

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  return { total, dataAsOf, error, rowAt, showRows, reload };
}
