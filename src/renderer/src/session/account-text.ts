/**
 * The sentences and labels the account screens build from an account's metadata. Kept pure so the
 * wording for every case (remembered or session-only, readable stored key or not) is tested
 * without rendering anything.
 */
import type { AppErrorData } from '../../../shared/errors';
import type { AccountSummary, SessionStatus } from '../../../shared/ipc-contract';
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
 * Whether "Sign in again" can keep the stored api-key. A session-only account lost its key when
 * the app quit, and a keychain that cannot be read cannot give it back, so then the key is asked for.
 */
export function canKeepStoredKey(account: AccountSummary, problem: AppErrorData | null): boolean {
  return account.remembered && problem?.code !== 'KEYCHAIN_UNAVAILABLE';
}

/** The "API key" placeholder on the sign-in-again screen. */
export function apiKeyPlaceholder(account: AccountSummary, problem: AppErrorData | null): string {
  if (!canKeepStoredKey(account, problem)) return 'Type your API key';
  return keyEnding(account.apiKeyMasked) ? `Leave empty to keep the key ending ${account.apiKeyMasked}` : 'Leave empty to keep the stored key';
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
export function reauthNotice(account: AccountSummary, problem: AppErrorData | null): { title: string; message: string } | null {
  if (!account.remembered && (problem === null || problem.code === 'NOT_SIGNED_IN')) {
    return {
      title: 'Your credentials were not remembered',
      message: 'They were kept in memory for one session only, because the system keychain was not available. Enter your API key and secret to sign in again.',
    };
  }
  if (problem === null) return null;
  return { title: errorTitle(problem.code), message: problem.message };
}

/** The line under "Sign in again": which credentials to type. */
export function reauthIntro(keyRequired: boolean): string {
  return keyRequired
    ? 'Enter your API key and secret for this account. Copy them from the API section of your platform account dashboard.'
    : 'Enter your API secret for this account. Copy it from the API section of your platform account dashboard.';
}
