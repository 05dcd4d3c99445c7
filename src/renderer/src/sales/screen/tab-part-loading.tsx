/** The place of a part of the sales screen that is not on its first tab, held while that part's chunk loads. */
import { Skeleton } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';

/** Holds the place of a tab's part while its chunk loads. */
export function TabPartLoading({ children, height }: { children: ReactNode; height: number }) {
  return <Suspense fallback={<Skeleton height={height} />}>{children}</Suspense>;
}
