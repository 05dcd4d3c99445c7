/**
 * The sections other than Sales, loaded when first opened. The sales screen is the first screen; its script alone
 * is what a window has to parse and run before the first rows, so the others (and their charts and forms) come in
 * chunks of their own, read from the app's files in a few milliseconds when a section is chosen.
 */
import { Group, Loader } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';

export const CompareScreen = lazy(() => import('../compare/compare-screen').then((m) => ({ default: m.CompareScreen })));
export const OverviewScreen = lazy(() => import('../overview/overview-screen').then((m) => ({ default: m.OverviewScreen })));
export const PayoutsScreen = lazy(() => import('../payouts/payouts-screen').then((m) => ({ default: m.PayoutsScreen })));
export const ProfileScreen = lazy(() => import('../profile/profile-screen').then((m) => ({ default: m.ProfileScreen })));
export const SettingsScreen = lazy(() => import('../settings/settings-screen').then((m) => ({ default: m.SettingsScreen })));

/** Where a section's chunk is awaited: a small spinner, as any screen shows while it loads. */
export function SectionLoading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Group justify="center" py="xl" role="status" aria-label="Loading">
          <Loader size="sm" />
        </Group>
      }
    >
      {children}
    </Suspense>
  );
}
