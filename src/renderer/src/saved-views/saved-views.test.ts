import { describe, expect, it } from 'vitest';
import type { SavedView } from '../../../shared/preferences';
import {
  applyView,
  currentViewState,
  isOpenView,
  viewNameProblem,
  withRenamedView,
  withSavedView,
  withoutView,
  type ViewState,
} from './saved-views';

const ID_A = '00000000-0000-4000-8000-00000000000a';
const ID_B = '00000000-0000-4000-8000-00000000000b';
const state: ViewState = {
  filter: { from: '2026-01-01', to: '2026-01-31', currencies: ['EUR'] },
  datePreset: 'custom',
  sort: { column: 'commissionAmount', direction: 'desc' },
};

describe('saved views', () => {
  it('calls a view open while the sales screen shows its state, whatever the order of its keys, and not after a change', () => {
    const view: SavedView = { id: ID_A, name: 'January EUR', ...state };
    const shown = {
      sort: state.sort,
      datePreset: state.datePreset,
      filter: { currencies: ['EUR'], to: '2026-01-31', from: '2026-01-01' },
    };
    expect(isOpenView(view, shown)).toBe(true);
    expect(isOpenView(view, { ...shown, filter: { ...shown.filter, currencies: ['GBP'] } })).toBe(false);
    expect(isOpenView({ id: ID_B, name: 'All' }, {})).toBe(true);
    expect(isOpenView({ id: ID_B, name: 'All' }, shown)).toBe(false);
  });

  it('saves the current columns, sort and filters under a name, without the other saved views', () => {
    const prefs = { ...state, views: [{ id: ID_A, name: 'Old' }] };
    const views = withSavedView([], ' January EUR ', currentViewState(prefs), ID_B);
    expect(views).toEqual([{ id: ID_B, name: 'January EUR', ...state }]);
  });

  it('refuses an empty, too long or taken name (whatever its case), and says so', () => {
    const views: SavedView[] = [{ id: ID_A, name: 'January EUR' }];
    expect(viewNameProblem('  ', views)).toBe('Enter a name for the view.');
    expect(viewNameProblem('x'.repeat(61), views)).toBe('Use at most 60 characters.');
    expect(viewNameProblem('january eur', views)).toMatch(/exists already/);
    expect(viewNameProblem('january eur', views, ID_A)).toBeNull();
    expect(() => withSavedView(views, 'January EUR', state, ID_B)).toThrow(/exists already/);
  });

  it('renames and deletes one view, leaving the others', () => {
    const views: SavedView[] = [
      { id: ID_A, name: 'A' },
      { id: ID_B, name: 'B' },
    ];
    expect(withRenamedView(views, ID_B, 'Payments').map((v) => v.name)).toEqual(['A', 'Payments']);
    expect(() => withRenamedView(views, ID_B, 'a')).toThrow(/exists already/);
    expect(withoutView(views, ID_A)).toEqual([{ id: ID_B, name: 'B' }]);
  });

  it('applying a view resets what it does not keep to the defaults instead of keeping the current screen’s', () => {
    expect(applyView({ id: ID_A, name: 'Only filters', filter: { text: 'lamp' }, datePreset: 'last30' })).toEqual({
      filter: { text: 'lamp' },
      columns: undefined,
      sort: undefined,
      datePreset: 'last30',
    });
  });
});
