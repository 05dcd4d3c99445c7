/**
 * The top bar: app name, whose data is shown, and the way out of the session. On narrow windows
 * it also holds the burger that opens the navbar.
 */
import { AppShell, Burger, Button, Group, Text } from '@mantine/core';
import type { SessionStatus } from '../../../shared/ipc-contract';
import { LeaveIcon, LogoIcon } from '../common/icons';
import { SessionBadge } from './session-badge';

/** Props of {@link ShellHeader}. */
export interface ShellHeaderProps {
  session: Exclude<SessionStatus, { kind: 'none' }>;
  navOpened: boolean;
  onToggleNav: () => void;
  onLeave: () => void;
  leaving: boolean;
  /** Width below which the navbar collapses behind the burger. */
  breakpoint: 'sm' | 'md';
}

/** The header of the main shell. */
export function ShellHeader({ session, navOpened, onToggleNav, onLeave, leaving, breakpoint }: ShellHeaderProps) {
  const leaveLabel = session.kind === 'demo' ? 'Leave demo' : 'Sign out';
  return (
    <AppShell.Header>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Burger
            opened={navOpened}
            onClick={onToggleNav}
            hiddenFrom={breakpoint}
            size="sm"
            aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
          />
          <Group gap={8} wrap="nowrap" c="var(--mantine-primary-color-filled)">
            <LogoIcon size={24} />
            <Text fw={700} size="lg" c="var(--mantine-color-text)" style={{ whiteSpace: 'nowrap' }}>
              Commission Desk
            </Text>
          </Group>
          <SessionBadge session={session} />
        </Group>
        <Button variant="default" size="sm" leftSection={<LeaveIcon size={16} />} onClick={onLeave} loading={leaving}>
          {leaveLabel}
        </Button>
      </Group>
    </AppShell.Header>
  );
}
