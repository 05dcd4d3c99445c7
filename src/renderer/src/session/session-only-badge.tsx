/**
 * The small "session only" mark next to an account whose credentials live in memory for this session (no keychain),
 * the same wherever accounts are listed.
 */
import { Badge } from '@mantine/core';

/** The mark. */
export function SessionOnlyBadge() {
  return (
    <Badge size="xs" color="yellow" variant="light">
      session only
    </Badge>
  );
}
