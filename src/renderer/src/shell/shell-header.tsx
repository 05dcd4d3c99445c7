/**
 * The top bar: app name, the sync status, the account switcher naming whose data is shown, and in
 * the demo a quick way back to the start. On narrow windows it also holds the burger that opens the navbar.
 */
import { AppShell, Burger, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LeaveIcon, LogoIcon } from '../common/icons';

/** Props of {@link ShellHeader}. */
export interface ShellHeaderProps {
  /** The account switcher. */
  switcher: ReactNode;
  /** The sync status and buttons; null when there is nothing to sync. */
  status: ReactNode;
  /** False while there is nothing to navigate (e.g. the sign-in-again screen): no burger. */
  withNav: boolean;
  navOpened: boolean;
  onToggleNav: () => void;
  /** Leaves the demo for the welcome screen; absent outside the demo. */
  onLeaveDemo?: () => void;
  leaving: boolean;
  /** Width below which the navbar collapses behind the burger. */
  breakpoint: 'sm' | 'md';
}

/** The header of the main shell. */
export function ShellHeader({
  switcher,
  status,
  withNav,
  navOpened,
  onToggleNav,
  onLeaveDemo,
  leaving,
  breakpoint,
}: ShellHeaderProps) {
  return (
    <AppShell.Header>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          {withNav && (
            <Burger
              opened={navOpened}
              onClick={onToggleNav}
              hiddenFrom={breakpoint}
              size="sm"
              aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
            />
          )}
          <Group gap={8} wrap="nowrap" c="var(--mantine-primary-color-filled)">
            <LogoIcon size={24} />
            <Text fw={700} size="lg" c="var(--mantine-color-text)" style={{ whiteSpace: 'nowrap' }} visibleFrom="md">
              Commission Desk
            </Text>
          </Group>
        </Group>
        <Group gap="sm" wrap="nowrap" miw={0}>
          {status}
          {onLeaveDemo && (
            <Button
              variant="subtle"
              color="gray"
              size="compact-sm"
              leftSection={<LeaveIcon size={16} />}
              onClick={onLeaveDemo}
              loading={leaving}
            >
              Leave demo
            </Button>
          )}
          {switcher}
        </Group>
      </Group>
    </AppShell.Header>
  );
}
