/**
 * The sentences and labels the account screens build from an account's metadata. Kept pure so the
 * wording for every case (remembered or session-only, readable stored key or not) is tested
 * without rendering anything.
 */
import type { AppErrorData } from '../../../shared/errors';
import type { AccountSummary, ReadOnlyReason, SessionStatus } from '../../../shared/ipc-contract';
import { errorTitle } from '../common/error-title';

/** What the account switcher's button shows for a session. */
export function sessionLabel(session: SessionStatus): string {
  switch (session.kind) {
    case 'none':
      return 'No account';
    case 'demo':
      return session.label || 'Demo data';
    case 'account':
      return session.account.label;
  }
}

/** The switcher's value for the demo entry (account ids are UUIDs, so it cannot clash). */
export const DEMO_ENTRY = 'demo';

/** Which switcher entry is checked: the account's id, {@link DEMO_ENTRY}, or null. */
export function activeEntry(session: SessionStatus): string | null {
  if (session.kind === 'demo') return DEMO_ENTRY;
  if (session.kind === 'account') return session.account.id;
  return null;
}

/** The last characters of the api-key as the main process masked it ("…wxyz" -> "wxyz"); "" when too short to show. */
export function keyEnding(apiKeyMasked: string): string {
  return apiKeyMasked.replace(/^[.…•*\s]+/u, '');
}

/** How the switcher shows an account's api-key: "Key …wxyz". */
export function maskedKeyText(apiKeyMasked: string): string {
  const ending = keyEnding(apiKeyMasked);
  return ending ? `Key …${ending}` : 'Key hidden';
}

/**
 * Whether "Sign in again" can keep the stored api-key: only when the service refused credentials the app had just
 * read (a 401 during use), so the key is still stored and readable. An account opened without its credentials (no
 * keychain, a locked one, session-only after a restart, signed out) has no key to keep, so then the key is asked for.
 */
export function canKeepStoredKey(problem: AppErrorData | null): boolean {
  return problem?.code === 'AUTH_INVALID';
}

/** The "API key" placeholder of a credential form for an existing account. */
export function apiKeyPlaceholder(account: AccountSummary, problem: AppErrorData | null): string {
  if (!canKeepStoredKey(problem)) return 'Type your API key';
  return keyEnding(account.apiKeyMasked)
    ? `Leave empty to keep the key ending ${account.apiKeyMasked}`
    : 'Leave empty to keep the stored key';
}

const READ_ONLY_TITLES: Record<ReadOnlyReason['cause'], string> = {
  'keychain-unavailable': 'Read-only: the system keychain is not available',
  'not-in-keychain': 'Read-only: the saved credentials were not found',
  'not-remembered': 'Read-only: your credentials were not remembered',
  'signed-out': 'Read-only: you signed out of this account',
};

/** The heading of the read-only banner, naming why the account cannot sync. */
export function readOnlyTitle(reason: ReadOnlyReason): string {
  return READ_ONLY_TITLES[reason.cause];
}

/** True when the credentials cannot go to the keychain now, so "for this session only" is the form's first choice. */
export function sessionOnlyFirst(reason: ReadOnlyReason | null, problem: AppErrorData | null): boolean {
  return reason?.cause === 'keychain-unavailable' || problem?.code === 'KEYCHAIN_UNAVAILABLE';
}

/** The sign-out question, which says where the credentials are removed from. */
export function signOutQuestion(account: AccountSummary): string {
  return account.remembered
    ? `Sign out of ${account.label}? Your API key and secret will be removed from this computer's keychain.`
    : `Sign out of ${account.label}? Your API key and secret, kept in memory for this session only, will be forgotten.`;
}

/** The service's host for a compact hint ("api.example.com"); the address as given if it does not parse. */
export function serviceHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host || baseUrl;
  } catch {
    return baseUrl;
  }
}

/** Remounts the main shell when the data on screen changes hands (demo, or another account). */
export function sessionKey(session: SessionStatus): string {
  return session.kind === 'account' ? `account:${session.account.id}` : session.kind;
}

/** The notice at the top of the sign-in-again screen: why the account needs its credentials again. */
export function reauthNotice(problem: AppErrorData | null): { title: string; message: string } | null {
  return problem === null ? null : { title: errorTitle(problem.code), message: problem.message };
}

/** The line under "Sign in again": which credentials to type. */
export function reauthIntro(keyRequired: boolean): string {
  return keyRequired
    ? 'Enter your API key and secret for this account. Copy them from the API section of your platform account dashboard.'
    : 'Enter your API secret for this account. Copy it from the API section of your platform account dashboard.';
}
