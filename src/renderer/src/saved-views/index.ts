/** Saved views of the sales screen, listed in the navbar. */
export { SavedViewsNav } from './saved-views-nav';
