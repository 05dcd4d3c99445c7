import { describe, expect, it } from 'vitest';
import {
  defaultLayout,
  fitToWidth,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  moveColumn,
  normalizeLayout,
  resizeColumn,
  setColumnVisible,
  twoLineWidth,
  visibleIds,
  type ColumnSpec,
} from './column-layout';

const COLUMNS: ColumnSpec[] = [
  { id: 'date', defaultWidth: 110, defaultVisible: true },
  { id: 'reference', defaultWidth: 150, defaultVisible: true },
  { id: 'slug', defaultWidth: 120, defaultVisible: false },
  { id: 'commission', defaultWidth: 120, defaultVisible: true },
];

describe('column layout', () => {
  it('starts with every column in its default order, some hidden', () => {
    const layout = defaultLayout(COLUMNS);
    expect(layout.order).toEqual(['date', 'reference', 'slug', 'commission']);
    expect(visibleIds(layout)).toEqual(['date', 'reference', 'commission']);
    expect(layout.widths.reference).toBe(150);
  });

  it('moves columns within bounds', () => {
    const layout = defaultLayout(COLUMNS);
    expect(moveColumn(layout, 'commission', -2).order).toEqual(['date', 'commission', 'reference', 'slug']);
    expect(moveColumn(layout, 'date', -1)).toBe(layout);
    expect(moveColumn(layout, 'date', 10).order).toEqual(['reference', 'slug', 'commission', 'date']);
  });

  it('shows and hides, but never hides the last visible column', () => {
    let layout = setColumnVisible(defaultLayout(COLUMNS), 'slug', true);
    expect(visibleIds(layout)).toEqual(['date', 'reference', 'slug', 'commission']);
    for (const id of ['date', 'reference', 'slug']) layout = setColumnVisible(layout, id, false);
    expect(visibleIds(layout)).toEqual(['commission']);
    expect(visibleIds(setColumnVisible(layout, 'commission', false))).toEqual(['commission']);
  });

  it('clamps widths', () => {
    const layout = defaultLayout(COLUMNS);
    expect(resizeColumn(layout, 'date', 5).widths.date).toBe(MIN_COLUMN_WIDTH);
    expect(resizeColumn(layout, 'date', 5000).widths.date).toBe(MAX_COLUMN_WIDTH);
    expect(resizeColumn(layout, 'date', 133.6).widths.date).toBe(134);
  });

  it('fits a remembered layout to the columns this version has', () => {
    const stored = {
      order: ['commission', 'gone', 'date'],
      hidden: ['date', 'gone'],
      widths: { commission: 9999, gone: 10 },
    };
    const layout = normalizeLayout(stored, COLUMNS);
    expect(layout.order).toEqual(['commission', 'date', 'reference', 'slug']);
    expect(layout.hidden).toEqual(['date', 'slug']);
    expect(layout.widths).toEqual({ date: 110, reference: 150, slug: 120, commission: MAX_COLUMN_WIDTH });
  });

  it('keeps one column visible even if the stored layout hid them all', () => {
    const stored = {
      order: ['date', 'reference', 'slug', 'commission'],
      hidden: ['date', 'reference', 'slug', 'commission'],
      widths: {},
    };
    expect(visibleIds(normalizeLayout(stored, COLUMNS))).toEqual(['date']);
  });
});

describe('fitting a narrow window', () => {
  const widths: Record<string, number> = {
    date: 100,
    reference: 150,
    product: 150,
    subid: 90,
    commission: 120,
    status: 110,
  };
  const widthOf = (id: string) => widths[id] ?? 0;
  const ids = Object.keys(widths);
  const hideOrder = ['subid', 'reference'];

  it('A3: leaves out columns in order until the rest fit, keeping the essential ones and their order', () => {
    expect(fitToWidth(ids, widthOf, 1000, hideOrder)).toEqual({ shown: ids, hidden: [] });
    expect(fitToWidth(ids, widthOf, 650, hideOrder)).toEqual({
      shown: ['date', 'reference', 'product', 'commission', 'status'],
      hidden: ['subid'],
    });
    expect(fitToWidth(ids, widthOf, 500, hideOrder)).toEqual({
      shown: ['date', 'product', 'commission', 'status'],
      hidden: ['reference', 'subid'],
    });
    // Too narrow even for the essential columns: they stay (the table then scrolls), nothing else is shown.
    expect(fitToWidth(ids, widthOf, 300, hideOrder).shown).toEqual(['date', 'product', 'commission', 'status']);
  });

  it('in a wide window, keeps columns after the last essential one, which push nothing out of view', () => {
    const trailing = ['date', 'product', 'commission', 'status', 'subid', 'reference'];
    expect(fitToWidth(trailing, widthOf, 480, hideOrder, true)).toEqual({ shown: trailing, hidden: [] });
    expect(fitToWidth(trailing, widthOf, 480, hideOrder).hidden).toEqual(['subid', 'reference']);
    expect(
      fitToWidth(['date', 'reference', 'product', 'commission', 'status', 'subid'], widthOf, 480, hideOrder, true),
    ).toEqual({
      shown: ['date', 'product', 'commission', 'status', 'subid'],
      hidden: ['reference'],
    });
  });

  it('skips hidable columns that are not shown', () => {
    expect(fitToWidth(['date', 'reference', 'product'], widthOf, 260, ['subid', 'reference'])).toEqual({
      shown: ['date', 'product'],
      hidden: ['reference'],
    });
  });

  it('sizes a heading for two lines at most, never splitting a word', () => {
    const measure = (text: string) => text.length * 10;
    expect(twoLineWidth('Date', measure)).toBe(40);
    expect(twoLineWidth('Transaction amount', measure)).toBe(110);
    expect(twoLineWidth('Commission status', measure)).toBe(100);
    expect(twoLineWidth('Store page of the collection', measure)).toBe(140);
    expect(twoLineWidth('', measure)).toBe(0);
  });
});
