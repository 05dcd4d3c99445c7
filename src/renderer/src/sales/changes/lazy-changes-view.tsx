/** The Changes tab's view, loaded when the tab is first opened: a window opening on the table has no use for it. */
import { lazy } from 'react';

export const ChangesView = lazy(() => import('./changes-view').then((m) => ({ default: m.ChangesView })));
