import { describe, expect, it } from 'vitest';
import {
  defaultLayout,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  moveColumn,
  normalizeLayout,
  resizeColumn,
  setColumnVisible,
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
    const stored = { order: ['commission', 'gone', 'date'], hidden: ['date', 'gone'], widths: { commission: 9999, gone: 10 } };
    const layout = normalizeLayout(stored, COLUMNS);
    expect(layout.order).toEqual(['commission', 'date', 'reference', 'slug']);
    expect(layout.hidden).toEqual(['date', 'slug']);
    expect(layout.widths).toEqual({ date: 110, reference: 150, slug: 120, commission: MAX_COLUMN_WIDTH });
  });

  it('keeps one column visible even if the stored layout hid them all', () => {
    const stored = { order: ['date', 'reference', 'slug', 'commission'], hidden: ['date', 'reference', 'slug', 'commission'], widths: {} };
    expect(visibleIds(normalizeLayout(stored, COLUMNS))).toEqual(['date']);
  });
});
