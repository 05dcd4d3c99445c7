/**
 * The sections other than Sales, in chunks of their own. The sales screen is the first screen; its script alone is
 * what a window has to parse and run before the first rows. The other sections are fetched as soon as the pointer or
 * focus reaches the navbar, so a section chosen then is drawn at once, from memory, like any other screen; only one
 * chosen before its chunk arrived shows a spinner for that moment. (Fetching them on a timer a few seconds after start
 * was tried: arriving while a sale's drawer was closing, they sometimes kept focus from returning to its row.)
 */
import { Group, Loader, Text } from '@mantine/core';
import { useEffect, useState, type ComponentType } from 'react';

/** A section drawn from its chunk, and the way to fetch that chunk ahead. */
type LazySection<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

function lazySection<P extends object>(load: () => Promise<ComponentType<P>>): LazySection<P> {
  let component: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const fetch = (): Promise<void> =>
    (pending ??= load().then(
      (loaded) => {
        component = loaded;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  function Section(props: P) {
    const [state, setState] = useState<'ready' | 'loading' | 'failed'>(component === null ? 'loading' : 'ready');
    useEffect(() => {
      if (component !== null) return;
      let current = true;
      fetch().then(
        () => current && setState('ready'),
        () => current && setState('failed'),
      );
      return () => {
        current = false;
      };
    }, []);
    const Loaded = component;
    if (Loaded !== null) return <Loaded {...props} />;
    return (
      <Group justify="center" py="xl" role="status" aria-live="polite">
        {state === 'failed' ? (
          <Text c="red" size="sm">
            This screen could not be loaded. Restart Commission Desk and open it again.
          </Text>
        ) : (
          <Loader size="sm" aria-label="Loading" />
        )}
      </Group>
    );
  }
  return Object.assign(Section, { preload: () => fetch().catch(() => undefined) });
}

export const AdjustmentsScreen = lazySection(() => import('../books').then((m) => m.AdjustmentsScreen));
export const BooksScreen = lazySection(() => import('../books').then((m) => m.BooksScreen));
export const CompareScreen = lazySection(() => import('../compare').then((m) => m.CompareScreen));
export const OverviewScreen = lazySection(() => import('../overview').then((m) => m.OverviewScreen));
export const PayoutsScreen = lazySection(() => import('../payouts').then((m) => m.PayoutsScreen));
export const ProfileScreen = lazySection(() => import('../profile').then((m) => m.ProfileScreen));
export const SettingsScreen = lazySection(() => import('../settings').then((m) => m.SettingsScreen));

/** Fetches every section's chunk (each once). */
export function preloadSections(): void {
  for (const section of [
    AdjustmentsScreen,
    BooksScreen,
    CompareScreen,
    OverviewScreen,
    PayoutsScreen,
    ProfileScreen,
    SettingsScreen,
  ])
    void section.preload();
}
