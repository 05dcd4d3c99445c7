/**
 * Which sales-table columns are shown, in what order and how wide: the pure rules behind the column chooser and
 * the resize handles. A remembered layout is always normalised against the columns this version of the app has,
 * so a column added later appears (at its default place) and one removed is forgotten, never breaking the table.
 */

/** What the layout needs to know about a column. */
export interface ColumnSpec {
  id: string;
  defaultWidth: number;
  defaultVisible: boolean;
}

/** A table's column layout; `hidden` lists hidden ids in display order. */
export interface ColumnLayout {
  order: string[];
  hidden: string[];
  widths: Record<string, number>;
}

/** Narrowest and widest a column may be dragged. */
export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 800;

function clampWidth(width: number): number {
  if (!Number.isFinite(width)) return MIN_COLUMN_WIDTH;
  return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));
}

/** The layout a fresh table starts with. */
export function defaultLayout(columns: readonly ColumnSpec[]): ColumnLayout {
  return {
    order: columns.map((c) => c.id),
    hidden: columns.filter((c) => !c.defaultVisible).map((c) => c.id),
    widths: Object.fromEntries(columns.map((c) => [c.id, c.defaultWidth])),
  };
}

/**
 * Fits a remembered layout to the known columns: unknown ids are dropped, missing ones are inserted after the
 * column that precedes them by default, widths are clamped, and at least one column stays visible.
 */
export function normalizeLayout(stored: ColumnLayout | null, columns: readonly ColumnSpec[]): ColumnLayout {
  const fresh = defaultLayout(columns);
  if (stored === null) return fresh;
  const known = new Set(fresh.order);
  const order = [...new Set(stored.order.filter((id) => known.has(id)))];
  fresh.order.forEach((id, index) => {
    if (order.includes(id)) return;
    const before = fresh.order
      .slice(0, index)
      .reverse()
      .find((b) => order.includes(b));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, id);
  });
  const storedIds = new Set(stored.order);
  const hidden = order.filter((id) => (storedIds.has(id) ? stored.hidden.includes(id) : fresh.hidden.includes(id)));
  const widths = Object.fromEntries(
    fresh.order.map((id) => [id, clampWidth(stored.widths[id] ?? fresh.widths[id] ?? MIN_COLUMN_WIDTH)]),
  );
  const layout = { order, hidden, widths };
  return hidden.length >= order.length ? { ...layout, hidden: hidden.filter((id) => id !== order[0]) } : layout;
}

/** The shown columns' ids, in order. */
export function visibleIds(layout: ColumnLayout): string[] {
  return layout.order.filter((id) => !layout.hidden.includes(id));
}

/** Shows or hides a column; the last visible column cannot be hidden. */
export function setColumnVisible(layout: ColumnLayout, id: string, visible: boolean): ColumnLayout {
  if (!layout.order.includes(id)) return layout;
  if (visible) return { ...layout, hidden: layout.hidden.filter((h) => h !== id) };
  if (layout.hidden.includes(id) || visibleIds(layout).length <= 1) return layout;
  return { ...layout, hidden: layout.order.filter((h) => h === id || layout.hidden.includes(h)) };
}

/** Moves a column `delta` places (negative: left), stopping at the ends. */
export function moveColumn(layout: ColumnLayout, id: string, delta: number): ColumnLayout {
  const from = layout.order.indexOf(id);
  if (from < 0) return layout;
  const to = Math.max(0, Math.min(layout.order.length - 1, from + delta));
  if (to === from) return layout;
  const order = [...layout.order];
  order.splice(from, 1);
  order.splice(to, 0, id);
  return { ...layout, order, hidden: order.filter((h) => layout.hidden.includes(h)) };
}

/** Sets a column's width, clamped to the allowed range. */
export function resizeColumn(layout: ColumnLayout, id: string, width: number): ColumnLayout {
  if (!layout.order.includes(id)) return layout;
  return { ...layout, widths: { ...layout.widths, [id]: clampWidth(width) } };
}

/** The shown columns that fit a width, and those left out to make them fit. */
export interface FittedColumns {
  shown: string[];
  hidden: string[];
}

/**
 * Leaves columns out, in `hideOrder`, until the shown ones fit in `available` pixels, so a narrow window shows what
 * matters without scrolling sideways. Columns not in `hideOrder` are essential and always stay. With `essentialsOnly`
 * (a wide window) columns go only until every essential one is in view: those after the last essential one push
 * nothing out of view, and the table scrolls to them.
 */
export function fitToWidth(
  ids: readonly string[],
  widthOf: (id: string) => number,
  available: number,
  hideOrder: readonly string[],
  essentialsOnly = false,
): FittedColumns {
  const shown = [...ids];
  const end = () => (essentialsOnly ? shown.findLastIndex((id) => !hideOrder.includes(id)) + 1 : shown.length);
  const reach = () => shown.slice(0, end()).reduce((sum, id) => sum + widthOf(id), 0);
  for (const id of hideOrder) {
    if (reach() <= available) break;
    const at = shown.indexOf(id);
    if (at >= 0 && at < end()) shown.splice(at, 1);
  }
  return { shown, hidden: ids.filter((id) => !shown.includes(id)) };
}

/**
 * The narrowest width that shows a heading in at most two lines without cutting a word: the longest word, or the
 * wider half of the best split into two lines, whichever is more. `measure` gives a text's width in the heading's font.
 */
export function twoLineWidth(label: string, measure: (text: string) => number): number {
  const words = label.split(/\s+/).filter(Boolean);
  if (words.length === 0) return 0;
  let best = measure(words.join(' '));
  for (let split = 1; split < words.length; split++) {
    const lines = [words.slice(0, split).join(' '), words.slice(split).join(' ')];
    best = Math.min(best, Math.max(...lines.map(measure)));
  }
  return Math.ceil(best);
}
