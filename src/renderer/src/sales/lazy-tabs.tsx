/**
 * Parts of the sales screen that are not on its first tab, loaded when their tab is first opened: the commission
 * charts bring the chart library (the largest part of the app's script), which a window opening on the table has no
 * use for.
 */
import { Skeleton } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';

export const CommissionChart = lazy(() => import('./commission-chart').then((m) => ({ default: m.CommissionChart })));
export const ChangesView = lazy(() => import('./changes-view').then((m) => ({ default: m.ChangesView })));

/** Holds the place of a tab's part while its chunk loads. */
export function TabPartLoading({ children, height }: { children: ReactNode; height: number }) {
  return <Suspense fallback={<Skeleton height={height} />}>{children}</Suspense>;
}
