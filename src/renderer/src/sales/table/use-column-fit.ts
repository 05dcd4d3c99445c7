/**
 * How narrow each column of the sales table may be without cutting anything: its heading in at most two lines with
 * room for the sort arrow, and, for columns marked `fit` (amounts, dates, statuses), the widest value shown since the
 * query changed. Headings and values are watched by one ResizeObserver, which reports each element as it appears and
 * whenever its size changes (fonts loading, data arriving in a placeholder row): the browser measures, and the state
 * follows. The widths only grow while the same query is scrolled, so columns do not jitter.
 */
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { twoLineWidth } from './column-layout';
import type { SalesColumn } from './sales-columns';

/** Width of the sort arrow and its gap, plus the sort button's own padding: kept free even when unsorted. */
const SORT_CHROME = 13 + 4 + 8;
/** Rounding slack, so a value measured at a fraction of a pixel is not cut by one. */
const SLACK = 2;

/** What the table needs from the measurements. */
export interface ColumnFit {
  /** The narrowest width that cuts neither the column's heading nor its widest value shown so far. */
  leastWidth: (column: SalesColumn) => number;
  /** Whether the column's values have been measured (false before any row of the query was shown). */
  measured: (column: SalesColumn) => boolean;
  /**
   * A ref for a heading's label (`data-header-label`) or a fitting value (`data-fit-value`, the cell's only child
   * element, not wrapping): measured while it is in the table.
   */
  measure: (node: HTMLElement | null) => (() => void) | undefined;
}

interface Measured {
  key: string;
  values: Record<string, number>;
}

type Widths = Record<string, number>;

let canvas: HTMLCanvasElement | null = null;

function textMeasure(font: string): (text: string) => number {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (context === null) return (text) => text.length * 8;
  context.font = font;
  return (text) => context.measureText(text).width;
}

function horizontalPadding(element: Element): number {
  const style = getComputedStyle(element);
  return parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
}

/** A heading's least width: its label in two lines at most, in the label's font, with the cell's padding and arrow. */
function headingWidth(label: HTMLElement): number {
  const cell = label.closest<HTMLElement>('[role="columnheader"]');
  if (!cell) return 0;
  const sortable = label.closest('button') !== null;
  const chrome = horizontalPadding(cell) + (sortable ? SORT_CHROME : 0);
  // Built from the longhands: the `font` shorthand reads empty while font-variant-numeric is set.
  const style = getComputedStyle(label);
  const font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return twoLineWidth(label.textContent ?? '', textMeasure(font)) + chrome + SLACK;
}

/** Keeps the larger of each width; the same object when nothing grew, so React skips the render. */
function grow(old: Widths, measured: Widths): Widths {
  const grown = Object.entries(measured).filter(([id, width]) => width > (old[id] ?? 0));
  return grown.length === 0 ? old : { ...old, ...Object.fromEntries(grown) };
}

/**
 * The observer behind {@link useColumnFit}. Each watched value carries the query it was shown for, so a report that
 * arrives after the query changed cannot widen the new query's columns.
 */
function createFitObserver(
  setHeadings: Dispatch<SetStateAction<Widths>>,
  setValues: Dispatch<SetStateAction<Measured>>,
) {
  const keys = new WeakMap<Element, string>();
  const paddings = new Map<string, number>();
  const observer = new ResizeObserver((entries) => {
    const headings: Widths = {};
    const values = new Map<string, Widths>();
    for (const { target } of entries) {
      if (!(target instanceof HTMLElement)) continue;
      const column = target.closest<HTMLElement>('[data-column]')?.dataset.column;
      if (column === undefined) continue;
      if (target.hasAttribute('data-header-label')) {
        headings[column] = Math.max(headings[column] ?? 0, headingWidth(target));
        continue;
      }
      const cell = target.parentElement;
      const key = keys.get(target);
      if (!cell || key === undefined) continue;
      let padding = paddings.get(column);
      if (padding === undefined) paddings.set(column, (padding = horizontalPadding(cell)));
      // A capped value is clipped to its cell; its scroll width is still the whole text's.
      const width = Math.ceil(Math.max(target.getBoundingClientRect().width, target.scrollWidth) + padding + SLACK);
      const forKey = values.get(key) ?? {};
      forKey[column] = Math.max(forKey[column] ?? 0, width);
      values.set(key, forKey);
    }
    if (Object.keys(headings).length > 0) setHeadings((old) => grow(old, headings));
    for (const [key, measured] of values) {
      setValues((old) => {
        if (old.key !== key) return old;
        const next = grow(old.values, measured);
        return next === old.values ? old : { key, values: next };
      });
    }
  });
  return {
    observe: (node: HTMLElement, key: string) => {
      keys.set(node, key);
      observer.observe(node);
    },
    unobserve: (node: HTMLElement) => observer.unobserve(node),
    disconnect: () => observer.disconnect(),
  };
}

/** Measures the headings and fitting values of the table; `queryKey` starts the values over. */
export function useColumnFit(queryKey: string): ColumnFit {
  const [headings, setHeadings] = useState<Widths>({});
  const [values, setValues] = useState<Measured>({ key: queryKey, values: {} });
  const [observer] = useState(() => createFitObserver(setHeadings, setValues));
  useEffect(() => () => observer.disconnect(), [observer]);
  // A new query starts over, adjusted while rendering so no frame sizes its columns by the old values.
  if (values.key !== queryKey) setValues({ key: queryKey, values: {} });
  const current = values.key === queryKey ? values.values : {};

  const measure = useCallback(
    (node: HTMLElement | null) => {
      if (node === null) return undefined;
      observer.observe(node, queryKey);
      return () => observer.unobserve(node);
    },
    [observer, queryKey],
  );

  return {
    leastWidth: (column) => Math.max(headings[column.id] ?? 0, column.fit ? (current[column.id] ?? 0) : 0),
    measured: (column) => current[column.id] !== undefined,
    measure,
  };
}
