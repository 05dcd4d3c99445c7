import { describe, expect, it } from 'vitest';
import { accountPreferencesSchema } from '../../../../shared/preferences';
import { defaultLayout, moveColumn, resizeColumn, setColumnVisible, SALES_COLUMNS } from '../table';
import { DEFAULT_FILTERS, NONE_VALUE, type SalesFilterState } from '../filters';
import { filtersFromStored, filtersToStored, layoutFromStored, layoutToStored } from './stored-view';

const TODAY = '2026-11-22';
const f = (patch: Partial<SalesFilterState>): SalesFilterState => ({ ...DEFAULT_FILTERS, ...patch });

describe('stored filters', () => {
  it('round-trips every choice', () => {
    const states = [
      DEFAULT_FILTERS,
      f({ preset: 'all' }),
      f({ preset: 'lastMonth', commissionStatus: 'declined', paymentStatus: 'paid', text: 'lamp' }),
      f({
        preset: 'custom',
        from: '2026-01-01',
        to: '2026-01-31',
        subid: NONE_VALUE,
        category: 'coupon',
        currency: 'EUR',
        collection: 'home-office',
      }),
      // A status the spec does not list, and the sales the service no longer reports, survive a restart too.
      f({ commissionStatus: 'on_hold', paymentStatus: 'processing', noLongerReported: true }),
    ];
    for (const state of states) {
      const stored = filtersToStored(state, TODAY);
      expect(accountPreferencesSchema.safeParse({ filter: stored.filter, datePreset: stored.datePreset }).success).toBe(
        true,
      );
      expect(filtersFromStored(stored.filter, stored.datePreset)).toEqual(state);
    }
  });

  it('keeps a preset relative: stored last week, read today, means today’s last 30 days', () => {
    const stored = filtersToStored(DEFAULT_FILTERS, '2026-11-15');
    expect(stored.filter).toEqual({ from: '2026-10-17', to: '2026-11-15' });
    expect(filtersFromStored(stored.filter, stored.datePreset)).toEqual(DEFAULT_FILTERS);
  });

  it('stores a fiscal-year preset with the days of the fiscal year the setting starts', () => {
    const stored = filtersToStored(f({ preset: 'lastFiscalYear' }), '2026-11-15', 4);
    expect(stored).toEqual({ filter: { from: '2025-04-01', to: '2026-03-31' }, datePreset: 'lastFiscalYear' });
    expect(filtersToStored(f({ preset: 'thisFiscalYear' }), '2026-02-10', 7).filter).toEqual({
      from: '2025-07-01',
      to: '2026-02-10',
    });
  });

  it('stores an unfinished custom range without days, and reads a filter without a preset sensibly', () => {
    expect(filtersToStored(f({ preset: 'custom', from: '2026-01-01', to: '' }), TODAY).filter).toEqual({});
    expect(filtersFromStored({ from: '2026-01-01', to: '2026-01-31' }, undefined)).toEqual(
      f({ preset: 'custom', from: '2026-01-01', to: '2026-01-31' }),
    );
    expect(filtersFromStored({ currencies: ['USD'] }, 'nonsense')).toEqual(f({ preset: 'all', currency: 'USD' }));
    expect(filtersFromStored(undefined, undefined)).toEqual(DEFAULT_FILTERS);
  });
});

describe('stored columns', () => {
  it('round-trips order, widths and visibility', () => {
    let layout = defaultLayout(SALES_COLUMNS);
    layout = moveColumn(layout, 'commissionAmount', -5);
    layout = setColumnVisible(layout, 'category', false);
    layout = setColumnVisible(layout, 'currency', true);
    layout = resizeColumn(layout, 'reference', 240);
    const stored = layoutToStored(layout);
    expect(accountPreferencesSchema.safeParse({ columns: stored }).success).toBe(true);
    expect(layoutFromStored(stored)).toEqual(layout);
  });

  it('falls back to the default layout when nothing is stored', () => {
    expect(layoutFromStored(undefined)).toEqual(defaultLayout(SALES_COLUMNS));
    expect(layoutFromStored([])).toEqual(defaultLayout(SALES_COLUMNS));
  });
});
