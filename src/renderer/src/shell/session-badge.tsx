/**
 * Keeps it obvious whose data is on screen: a "Demo data" badge in the demo, the account's label
 * when signed in. Mixing up sample and real numbers would be costly.
 */
import { Badge } from '@mantine/core';
import type { SessionStatus } from '../../../shared/ipc-contract';

/** Props of {@link SessionBadge}. */
export interface SessionBadgeProps {
  session: Exclude<SessionStatus, { kind: 'none' }>;
}

/** The header badge naming the current session. */
export function SessionBadge({ session }: SessionBadgeProps) {
  if (session.kind === 'demo') {
    return (
      <Badge color="orange" variant="light" data-testid="session-badge">
        Demo data
      </Badge>
    );
  }
  return (
    <Badge color="gray" variant="light" maw={220} title={session.label} data-testid="session-badge">
      {session.label}
    </Badge>
  );
}
