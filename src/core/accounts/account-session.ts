/**
 * What the account actions ask of the open session (the app's session state): they change accounts, the session
 * follows. Declared here so this folder needs nothing from the app core that builds on it.
 */
import type { SessionStatus } from '../../shared/ipc-contract';
import type { Credentials } from '../service';
import type { AccountMeta } from './account-registry';

/** The open session, as the account actions see it. */
export interface AccountSession {
  /** What the renderer may know about the session. */
  status(): SessionStatus;
  /** Opens a saved account, read-only when its credentials cannot be had. */
  open(accountId: string): Promise<SessionStatus>;
  /** Makes an account just added or signed in again the open one, with the credentials the user entered. */
  activate(meta: AccountMeta, credentials: Credentials): void;
  /** Rebuilds the open account's client, as after its extra CA changed. */
  reconnect(accountId: string): Promise<void>;
  /** Closes the account if it is the open one, as after signing out. */
  forget(accountId: string): void;
}
