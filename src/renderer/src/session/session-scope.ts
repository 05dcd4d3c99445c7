import type { SessionStatus } from '../../../shared/ipc-contract';

/** The storage scope of a session's preferences: its account id, or 'demo'. */
export function sessionScope(session: Exclude<SessionStatus, { kind: 'none' }>): string {
  return session.kind === 'demo' ? 'demo' : session.account.id;
}
