/**
 * Saved views of the sales screen, kept per account with the other preferences in the main process: save the
 * current columns, sort and filters under a name, go back to one, rename it, delete it. Pure list operations, so
 * they are tested without a screen.
 */
import { MAX_SAVED_VIEWS, viewNameIssue } from '../../../shared/preference-rules';
import type { AccountPreferences, SavedView } from '../../../shared/preferences';

/** The sales screen's state a view keeps. */
export type ViewState = Pick<AccountPreferences, 'columns' | 'sort' | 'filter' | 'datePreset'>;

/** The state of `prefs` a view would keep, without the saved views themselves. */
export function currentViewState(prefs: AccountPreferences): ViewState {
  const { columns, sort, filter, datePreset } = prefs;
  return {
    ...(columns ? { columns } : {}),
    ...(sort ? { sort } : {}),
    ...(filter ? { filter } : {}),
    ...(datePreset ? { datePreset } : {}),
  };
}

/** Checks a view's name: the error to show, or null when it is fine. */
export function viewNameProblem(name: string, views: readonly SavedView[], exceptId?: string): string | null {
  const issue = viewNameIssue(name);
  if (issue !== null) return issue;
  const wanted = name.trim().toLocaleLowerCase();
  const taken = views.some((view) => view.id !== exceptId && view.name.toLocaleLowerCase() === wanted);
  return taken ? 'A view with this name exists already. Choose another name.' : null;
}

/** `views` with a new view of `state` named `name` at the end; throws when the name is not fine or the list is full. */
export function withSavedView(views: readonly SavedView[], name: string, state: ViewState, id: string): SavedView[] {
  const problem = viewNameProblem(name, views);
  if (problem !== null) throw new Error(problem);
  if (views.length >= MAX_SAVED_VIEWS)
    throw new Error(`At most ${MAX_SAVED_VIEWS} views can be saved. Delete one first.`);
  return [...views, { id, name: name.trim(), ...state }];
}

/** `views` with the view `id` renamed. */
export function withRenamedView(views: readonly SavedView[], id: string, name: string): SavedView[] {
  const problem = viewNameProblem(name, views, id);
  if (problem !== null) throw new Error(problem);
  return views.map((view) => (view.id === id ? { ...view, name: name.trim() } : view));
}

/** `views` without the view `id`. */
export function withoutView(views: readonly SavedView[], id: string): SavedView[] {
  return views.filter((view) => view.id !== id);
}

/**
 * The preferences patch that shows `view` on the sales screen: its state, and nothing left of the current one — a
 * part the view does not keep (columns never arranged) is reset to the default rather than kept from before.
 */
export function applyView(view: SavedView): ViewState {
  return { filter: view.filter ?? {}, columns: view.columns, sort: view.sort, datePreset: view.datePreset };
}

/** `value` as JSON with every object's keys in order, so two equal states give the same text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** True when the sales screen shows exactly `view`: its state is the view's, as {@link applyView} would set it. */
export function isOpenView(view: SavedView, prefs: AccountPreferences): boolean {
  const now = { filter: prefs.filter ?? {}, columns: prefs.columns, sort: prefs.sort, datePreset: prefs.datePreset };
  return canonical(applyView(view)) === canonical(now);
}
