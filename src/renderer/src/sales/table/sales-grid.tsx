/**
 * The virtual sales table. Rows have one fixed height, so the position of any row is arithmetic: only the rows in
 * view (plus a few) are in the DOM, whatever the total, and their data comes from {@link useSalesRows} windows.
 * Very long results are mapped onto a capped scroll height so browsers' element-size limits never cut them off.
 * It is an ARIA grid: headers sort on click, handles resize columns, arrow keys / Page keys / Home / End move the
 * selected row, and Enter opens it.
 */
import { useElementSize, useMergedRef } from '@mantine/hooks';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import type { SaleSortColumn, SalesSort } from '../../../../shared/sales-query';
import type { CachedSale } from '../../../../shared/sales-query-types';
import { MISSING } from '../../common/format';
import { ArrowDownIcon, ArrowUpIcon } from '../../common/icons';
import { fitToWidth, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './column-layout';
import { CopyValueButton } from './copy-value';
import { HIDE_TO_FIT, STRETCH_COLUMNS, type SalesColumn } from './sales-columns';
import classes from './sales-grid.module.css';
import { useClientWidth } from './use-client-width';
import { sortNote, sortsWithinCurrency } from './sort-note';
import { useColumnFit } from './use-column-fit';

/** Height of every row, in pixels. */
export const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 43;
/** Scroll heights beyond this are scaled down (browsers cap element heights near 33 million pixels). */
const MAX_SCROLL_HEIGHT = 8_000_000;
const EXTRA_ROWS = 6;
/** From this width on, columns are left out only to keep the essential ones in view; below it, to fit them all. */
const WIDE_TABLE = 900;

/** Props of {@link SalesGrid}. */
export interface SalesGridProps {
  columns: readonly SalesColumn[];
  widths: Readonly<Record<string, number>>;
  total: number;
  rowAt: (index: number) => CachedSale | undefined;
  showRows: (first: number, last: number) => void;
  sort: SalesSort;
  onSort: (column: SaleSortColumn) => void;
  onResize: (columnId: string, width: number) => void;
  selected: number | null;
  onSelect: (index: number) => void;
  onOpen: (index: number) => void;
  label: string;
  /** Changes when the query changes, to scroll back to the top. */
  resetKey: string;
  /** References of the sales the service no longer reports, marked in their rows. */
  noLongerReported?: ReadonlySet<string>;
  /** Leave secondary columns out when the window is too narrow for all (default); false: the table scrolls sideways. */
  fitToWindow?: boolean;
  /** Told which shown columns were left out to fit the window (ids, in display order). */
  onHiddenColumns?: (ids: string[]) => void;
}

interface Geometry {
  contentHeight: number;
  scrollHeight: number;
  /** Content pixels per scroll pixel (1 unless the result is huge). */
  ratio: number;
}

function geometry(total: number, bodyHeight: number): Geometry {
  const contentHeight = total * ROW_HEIGHT;
  const scrollHeight = Math.min(contentHeight, MAX_SCROLL_HEIGHT);
  const ratio =
    scrollHeight < contentHeight && scrollHeight > bodyHeight
      ? (contentHeight - bodyHeight) / (scrollHeight - bodyHeight)
      : 1;
  return { contentHeight, scrollHeight, ratio };
}

/** The virtualized, keyboard-navigable sales table. */
export function SalesGrid(props: SalesGridProps) {
  const {
    columns,
    widths,
    total,
    rowAt,
    showRows,
    sort,
    onSort,
    selected,
    onSelect,
    onOpen,
    label,
    resetKey,
    noLongerReported,
  } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const size = useElementSize();
  const [clientWidthRef, innerWidth] = useClientWidth<HTMLDivElement>();
  const ref = useMergedRef(scroller, size.ref, clientWidthRef);
  const [scrollTop, setScrollTop] = useState(0);
  const [shownKey, setShownKey] = useState(resetKey);
  // A new query starts at the top: adjusted while rendering, so no frame shows the new rows at the old offset.
  if (shownKey !== resetKey) {
    setShownKey(resetKey);
    setScrollTop(0);
  }
  const [draft, setDraft] = useState<{ id: string; width: number } | null>(null);

  const bodyHeight = Math.max(ROW_HEIGHT, size.height - HEADER_HEIGHT);
  const geo = geometry(total, bodyHeight);
  const contentTop = scrollTop * geo.ratio;
  const first = Math.max(0, Math.floor(contentTop / ROW_HEIGHT) - EXTRA_ROWS);
  const last = Math.min(total - 1, Math.ceil((contentTop + bodyHeight) / ROW_HEIGHT) + EXTRA_ROWS);
  const fit = useColumnFit(resetKey);
  const setWidthOf = (column: SalesColumn) => {
    const least = Math.min(fit.leastWidth(column), column.fitCap ?? Infinity);
    const set = draft?.id === column.id ? draft.width : (widths[column.id] ?? column.defaultWidth);
    // A fitting column nobody resized takes its values' width; one resized keeps the width set, but never cuts them.
    if (column.fit && set === column.defaultWidth && fit.measured(column)) return Math.max(MIN_COLUMN_WIDTH, least);
    return Math.max(set, least);
  };
  const fitted =
    props.fitToWindow === false || innerWidth === 0
      ? { shown: columns.map((c) => c.id), hidden: [] }
      : fitToWidth(
          columns.map((c) => c.id),
          (id) => setWidthOf(columns.find((c) => c.id === id) as SalesColumn),
          innerWidth,
          HIDE_TO_FIT,
          innerWidth >= WIDE_TABLE,
        );
  const shown = columns.filter((c) => fitted.shown.includes(c.id));
  const hiddenKey = fitted.hidden.join(',');
  const { onHiddenColumns } = props;
  useEffect(() => onHiddenColumns?.(hiddenKey === '' ? [] : hiddenKey.split(',')), [hiddenKey, onHiddenColumns]);
  const setWidth = shown.reduce((sum, column) => sum + setWidthOf(column), 0);
  // Room left over (the scroller's inner width excludes its scrollbar) goes to the name columns, so the table
  // fills the window; widths people set are kept as the minimum.
  const stretchable = shown.filter((c) => STRETCH_COLUMNS.has(c.id));
  const spare = Math.max(0, innerWidth - setWidth);
  const widthOf = (column: SalesColumn) => {
    const base = setWidthOf(column);
    if (spare === 0) return base;
    if (stretchable.length > 0)
      return stretchable.includes(column) ? base + Math.floor(spare / stretchable.length) : base;
    return column === shown[shown.length - 1] ? base + spare : base;
  };
  const totalWidth = shown.reduce((sum, column) => sum + widthOf(column), 0);

  useEffect(() => {
    if (total > 0) showRows(first, last);
  }, [first, last, total, showRows]);

  // Back to the top for a new query; not on mount, where the table is at the top already and scrolling would make the
  // browser lay out the whole screen before its first frame.
  const scrolledFor = useRef(resetKey);
  useLayoutEffect(() => {
    if (scrolledFor.current === resetKey) return;
    scrolledFor.current = resetKey;
    scroller.current?.scrollTo({ top: 0 });
  }, [resetKey]);

  /** Scrolls just enough to show row `index`. */
  const reveal = (index: number) => {
    const element = scroller.current;
    if (!element) return;
    const top = index * ROW_HEIGHT;
    let target: number | null = null;
    if (top < contentTop) target = top;
    else if (top + ROW_HEIGHT > contentTop + bodyHeight) target = top + ROW_HEIGHT - bodyHeight;
    if (target !== null) element.scrollTop = target / geo.ratio;
  };

  const moveTo = (index: number) => {
    if (total === 0) return;
    const next = Math.max(0, Math.min(total - 1, index));
    onSelect(next);
    reveal(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const page = Math.max(1, Math.floor(bodyHeight / ROW_HEIGHT) - 1);
    const at = selected ?? -1;
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(at + 1),
      ArrowUp: () => moveTo(selected === null ? 0 : at - 1),
      PageDown: () => moveTo(at + page),
      PageUp: () => moveTo(at - page),
      Home: () => moveTo(0),
      End: () => moveTo(total - 1),
      Enter: () => {
        if (selected !== null) onOpen(selected);
      },
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  const startResize = (column: SalesColumn) => (event: ReactPointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const startWidth = setWidthOf(column);
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    let width = startWidth;
    const move = (e: PointerEvent) => {
      width = Math.max(
        MIN_COLUMN_WIDTH,
        fit.leastWidth(column),
        Math.min(MAX_COLUMN_WIDTH, startWidth + e.clientX - startX),
      );
      setDraft({ id: column.id, width });
    };
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
      setDraft(null);
      if (width !== startWidth) props.onResize(column.id, width);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  };

  const rows = [];
  for (let index = first; index <= last && total > 0; index++) {
    const sale = rowAt(index);
    const top = index * ROW_HEIGHT - contentTop + scrollTop;
    rows.push(
      <GridRow
        key={index}
        index={index}
        sale={sale}
        top={top}
        width={totalWidth}
        columns={shown}
        widthOf={widthOf}
        measure={fit.measure}
        selected={selected === index}
        unreported={sale !== undefined && (noLongerReported?.has(sale.reference) ?? false)}
        onClick={() => {
          onSelect(index);
          scroller.current?.focus({ preventScroll: true });
          if (sale) onOpen(index);
        }}
      />,
    );
  }

  return (
    <div className={classes.frame}>
      <div
        ref={ref}
        className={classes.scroller}
        role="grid"
        aria-label={label}
        aria-rowcount={total + 1}
        aria-colcount={shown.length}
        aria-activedescendant={
          selected !== null && selected >= first && selected <= last ? `sale-row-${selected}` : undefined
        }
        tabIndex={0}
        onKeyDown={onKeyDown}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        data-testid="sales-grid"
      >
        <div className={classes.header} role="rowgroup" style={{ width: totalWidth }}>
          <div role="row" aria-rowindex={1} style={{ display: 'flex' }}>
            {shown.map((column, i) => {
              const sorted = column.sortKey !== null && sort.column === column.sortKey;
              return (
                <div
                  key={column.id}
                  role="columnheader"
                  aria-colindex={i + 1}
                  aria-sort={sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={classes.headerCell}
                  data-align={column.align}
                  data-column={column.id}
                  style={{ width: widthOf(column) }}
                >
                  {column.sortKey === null ? (
                    <span ref={fit.measure} className={classes.headerLabel} title={column.header} data-header-label="">
                      {column.header}
                    </span>
                  ) : (
                    <button
                      type="button"
                      className={classes.sortButton}
                      title={headerTitle(column.header, column.sortKey, sort)}
                      onClick={() => column.sortKey && onSort(column.sortKey)}
                    >
                      <span ref={fit.measure} className={classes.headerLabel} data-header-label="">
                        {column.header}
                      </span>
                      {sorted && (sort.direction === 'asc' ? <ArrowUpIcon size={13} /> : <ArrowDownIcon size={13} />)}
                    </button>
                  )}
                  <div
                    className={classes.resizeHandle}
                    onPointerDown={startResize(column)}
                    data-active={draft?.id === column.id ? '' : undefined}
                    aria-hidden="true"
                    data-testid={`resize-${column.id}`}
                  />
                </div>
              );
            })}
          </div>
        </div>
        <div className={classes.body} role="rowgroup" style={{ height: geo.scrollHeight, width: totalWidth }}>
          {rows}
        </div>
      </div>
    </div>
  );
}

interface GridRowProps {
  index: number;
  sale: CachedSale | undefined;
  top: number;
  width: number;
  columns: readonly SalesColumn[];
  widthOf: (column: SalesColumn) => number;
  /** Measures the values of fitting columns (see {@link useColumnFit}). */
  measure: (node: HTMLElement | null) => (() => void) | undefined;
  selected: boolean;
  /** The service no longer reports this sale: the row says so. */
  unreported: boolean;
  onClick: () => void;
}

/** The mark of a row whose sale the service no longer reports, in its product cell (or its reference, or first one). */
function UnreportedMark() {
  return (
    <span
      className={classes.unreportedMark}
      title="The service no longer reports this sale. It is kept here for your records and left out of totals."
    >
      no longer reported
    </span>
  );
}

function GridRow({ index, sale, top, width, columns, widthOf, measure, selected, unreported, onClick }: GridRowProps) {
  // The copy buttons (shown only on a hovered or selected row) are made when the pointer first enters the row: each
  // has a tooltip, a floating element with its listeners, and two per visible row cost the first screen more than
  // the rows' text. Entering the row comes before reaching a button, so the button is there, whole, when pointed at.
  const [pointed, setPointed] = useState(false);
  const style = { top, height: ROW_HEIGHT, width };
  if (sale === undefined) {
    return (
      <div
        className={classes.row}
        role="row"
        aria-rowindex={index + 2}
        aria-busy="true"
        style={style}
        data-testid="sale-row-loading"
        data-odd={index % 2 ? '' : undefined}
      >
        {columns.map((column) => (
          <div key={column.id} className={classes.cell} role="gridcell" style={{ width: widthOf(column) }}>
            <div
              className={classes.placeholder}
              style={{ width: `${40 + ((index * 7 + column.id.length * 13) % 45)}%` }}
            />
          </div>
        ))}
      </div>
    );
  }
  // The product column stretches, so the mark fits there without hiding the reference.
  const markColumn = ['productName', 'reference'].find((id) => columns.some((c) => c.id === id)) ?? columns[0]?.id;
  return (
    <div
      id={`sale-row-${index}`}
      className={classes.row}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      style={style}
      onClick={onClick}
      onPointerEnter={pointed ? undefined : () => setPointed(true)}
      data-testid="sale-row"
      data-index={index}
      data-reference={sale.reference}
      data-odd={index % 2 ? '' : undefined}
      data-no-longer-reported={unreported ? '' : undefined}
    >
      {columns.map((column) => {
        const text = column.text(sale);
        const marked = unreported && column.id === markColumn;
        const content = column.render ? column.render(sale) : text;
        return (
          <div
            key={column.id}
            className={classes.cell}
            role="gridcell"
            data-align={column.align}
            data-column={column.id}
            data-testid={column.testId}
            // Names in Arabic or Hebrew read right to left, and are cut at their end, not their start.
            dir={column.align === 'left' ? 'auto' : undefined}
            style={{ width: widthOf(column) }}
            title={marked ? `${text} (no longer reported by the service)` : text}
          >
            {marked && <UnreportedMark />}
            {column.fit ? (
              <span
                ref={measure}
                className={classes.fitValue}
                data-fit-value=""
                data-capped={column.fitCap === undefined ? undefined : ''}
              >
                {content}
              </span>
            ) : (
              content
            )}
            {column.copyLabel && text !== MISSING && (pointed || selected) && (
              <CopyValueButton label={column.copyLabel} value={text} className={classes.copyButton} />
            )}
          </div>
        );
      })}
    </div>
  );
}

/**
 * The sort button's tooltip, which is also its accessible description: the order it sorts in now, currency first
 * (A to Z or Z to A) for an amount, or what a click does.
 */
function headerTitle(header: string, key: SaleSortColumn, sort: SalesSort): string {
  const now = sort.column === key ? sortNote(sort) : null;
  if (now !== null) return `${now}. Click to reverse.`;
  return sortsWithinCurrency(key)
    ? `Sort by currency, then by ${header.toLowerCase()}`
    : `Sort by ${header.toLowerCase()}`;
}
