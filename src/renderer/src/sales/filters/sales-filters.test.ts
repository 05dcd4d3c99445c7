import { describe, expect, it } from 'vitest';
import {
  clearFilters,
  DEFAULT_FILTERS,
  effectiveRange,
  filterChips,
  hasNarrowingFilters,
  NONE_VALUE,
  pickerDays,
  rangeProblems,
  removeChip,
  toSalesFilter,
  withPickedDays,
  type SalesFilterState,
} from './sales-filters';

const TODAY = '2026-11-22';
const f = (patch: Partial<SalesFilterState>): SalesFilterState => ({ ...DEFAULT_FILTERS, ...patch });

describe('toSalesFilter', () => {
  it('turns the default into the last 30 days and nothing else', () => {
    expect(toSalesFilter(DEFAULT_FILTERS, TODAY)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
  });

  it('maps every choice to the cache filter', () => {
    const filter = toSalesFilter(
      f({
        preset: 'custom',
        from: '2026-01-01',
        to: '2026-01-31',
        commissionStatus: 'declined',
        paymentStatus: 'paid',
        subid: 'newsletter',
        category: 'coupon',
        currency: 'EUR',
        collection: 'home-office',
        text: '  desk lamp ',
      }),
      TODAY,
    );
    expect(filter).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      commissionStatuses: ['declined'],
      paymentStatuses: ['paid'],
      subids: ['newsletter'],
      categories: ['coupon'],
      currencies: ['EUR'],
      collections: ['home-office'],
      text: 'desk lamp',
    });
  });

  it('matches "none" with null and has no dates for "all" or an unfinished custom range', () => {
    expect(toSalesFilter(f({ preset: 'all', subid: NONE_VALUE, collection: NONE_VALUE }), TODAY)).toEqual({
      subids: [null],
      collections: [null],
    });
    expect(toSalesFilter(f({ preset: 'custom', from: '2026-02-01', to: '' }), TODAY)).toEqual({});
    expect(effectiveRange(f({ preset: 'custom', from: '2026-02-02', to: '2026-02-01' }), TODAY)).toBeNull();
  });

  it('T5: asks for the sales no longer reported only when the person chose to see them', () => {
    expect(toSalesFilter(f({ preset: 'all' }), TODAY)).toEqual({});
    expect(toSalesFilter(f({ preset: 'all', noLongerReported: true }), TODAY)).toEqual({
      includeNoLongerReported: true,
    });
  });

  it('filters on a status the spec does not list as its own text', () => {
    expect(
      toSalesFilter(f({ preset: 'all', commissionStatus: 'on_hold', paymentStatus: 'processing' }), TODAY),
    ).toEqual({
      commissionStatuses: ['on_hold'],
      paymentStatuses: ['processing'],
    });
  });
});

describe('the fiscal year in the filters', () => {
  it('takes the fiscal year’s first month for the fiscal presets, January unless told', () => {
    expect(toSalesFilter(f({ preset: 'thisFiscalYear' }), TODAY, 4)).toEqual({ from: '2026-04-01', to: TODAY });
    expect(toSalesFilter(f({ preset: 'lastFiscalYear' }), TODAY, 4)).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(toSalesFilter(f({ preset: 'thisFiscalYear' }), TODAY)).toEqual({ from: '2026-01-01', to: TODAY });
    expect(effectiveRange(f({ preset: 'lastFiscalYear' }), TODAY, 12)).toEqual({
      from: '2024-12-01',
      to: '2025-11-30',
    });
    expect(effectiveRange(f({ preset: 'thisYear' }), TODAY, 4)).toEqual({ from: '2026-01-01', to: TODAY });
  });
});

describe('pickerDays and withPickedDays', () => {
  it('shows a preset’s days, the custom days as far as typed, and none for all sales', () => {
    expect(pickerDays(f({ preset: 'thisFiscalYear' }), TODAY, 10)).toEqual(['2026-10-01', TODAY]);
    expect(pickerDays(f({ preset: 'custom', from: '2026-02-01', to: '' }), TODAY)).toEqual(['2026-02-01', null]);
    expect(pickerDays(f({ preset: 'all' }), TODAY)).toEqual([null, null]);
  });

  it('keeps picked days that a preset stands for as that preset, others as a custom range, none as all sales', () => {
    const base = f({ currency: 'EUR' });
    expect(withPickedDays(base, { from: '2026-04-01', to: '2026-11-22' }, TODAY, 4)).toEqual({
      ...base,
      preset: 'thisFiscalYear',
      from: '',
      to: '',
    });
    expect(withPickedDays(base, { from: '2026-04-01', to: '2026-11-22' }, TODAY, 1)).toEqual({
      ...base,
      preset: 'custom',
      from: '2026-04-01',
      to: TODAY,
    });
    expect(withPickedDays(base, { from: '2026-10-24', to: TODAY }, TODAY)).toEqual({
      ...base,
      preset: 'last30',
      from: '',
      to: '',
    });
    expect(withPickedDays(f({ preset: 'custom', from: '2026-01-01', to: '2026-01-02' }), null, TODAY)).toEqual({
      ...DEFAULT_FILTERS,
      preset: 'all',
    });
  });
});

describe('rangeProblems', () => {
  it('names the field to fix', () => {
    expect(rangeProblems('2026-01-01', '2026-01-01')).toEqual({});
    expect(rangeProblems('', '2026-01-31')).toEqual({ from: 'Enter a start date.' });
    expect(rangeProblems('2026-01-01', '2026-02-30')).toEqual({ to: 'Enter an end date.' });
    expect(rangeProblems('2026-02-01', '2026-01-31')).toEqual({ to: 'The end date is before the start date.' });
  });
});

describe('filterChips', () => {
  it('shows the date preset alone by default', () => {
    expect(filterChips(DEFAULT_FILTERS)).toEqual([{ key: 'date', label: 'Last 30 days' }]);
    expect(hasNarrowingFilters(DEFAULT_FILTERS)).toBe(false);
  });

  it('has one chip per active filter, in the bar’s order, with collection names when known', () => {
    const chips = filterChips(
      f({
        preset: 'all',
        commissionStatus: 'pending',
        paymentStatus: 'pending',
        subid: NONE_VALUE,
        currency: 'GBP',
        collection: 'home-office',
        text: 'lamp',
      }),
      { collectionLabels: new Map([['home-office', 'Home Office']]) },
    );
    expect(chips).toEqual([
      { key: 'commissionStatus', label: 'Commission: Pending' },
      { key: 'paymentStatus', label: 'Payment: Pending' },
      { key: 'subid', label: 'Sub-ID: none' },
      { key: 'currency', label: 'Currency: GBP' },
      { key: 'collection', label: 'Collection: Home Office' },
      { key: 'text', label: 'Search: “lamp”' },
    ]);
  });

  it('names an undocumented status verbatim and says so, and shows when sales no longer reported are included', () => {
    expect(filterChips(f({ preset: 'all', commissionStatus: 'on_hold', noLongerReported: true }))).toEqual([
      { key: 'commissionStatus', label: 'Commission: on_hold (not a documented status)' },
      { key: 'noLongerReported', label: 'Including sales no longer reported' },
    ]);
    expect(removeChip(f({ noLongerReported: true }), 'noLongerReported')).toEqual(DEFAULT_FILTERS);
  });

  it('writes a custom range in the locale', () => {
    const chips = filterChips(f({ preset: 'custom', from: '2026-01-01', to: '2026-01-31' }), { locale: 'en-US' });
    expect(chips).toEqual([{ key: 'date', label: 'Jan 1, 2026 – Jan 31, 2026' }]);
  });

  it('removing a chip opens exactly that filter', () => {
    const all = f({
      commissionStatus: 'approved',
      paymentStatus: 'paid',
      subid: 'a',
      category: 'b',
      currency: 'EUR',
      collection: 'c',
      text: 'x',
      noLongerReported: true,
    });
    for (const chip of filterChips(all)) {
      const after = removeChip(all, chip.key);
      expect(filterChips(after).map((c) => c.key)).toEqual(
        filterChips(all)
          .map((c) => c.key)
          .filter((k) => k !== chip.key),
      );
    }
    expect(removeChip(all, 'date')).toMatchObject({ preset: 'all' });
  });

  it('"clear filters" keeps the dates', () => {
    const custom = f({ preset: 'custom', from: '2026-01-01', to: '2026-01-31', currency: 'EUR', text: 'x' });
    expect(clearFilters(custom)).toEqual(f({ preset: 'custom', from: '2026-01-01', to: '2026-01-31' }));
  });
});
