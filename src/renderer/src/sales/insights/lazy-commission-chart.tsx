/**
 * The commission chart, loaded when the Insights tab is first opened: it brings the chart library (the largest part of
 * the app's script), which a window opening on the table has no use for.
 */
import { lazy } from 'react';

export const CommissionChart = lazy(() => import('./commission-chart').then((m) => ({ default: m.CommissionChart })));
