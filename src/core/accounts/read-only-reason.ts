/**
 * The words for an account that opens without its credentials. Reading the cache needs no secret, so such an account
 * still opens — read-only — and the reason says what happened and what the user can do; only syncing asks for the
 * credentials, with an error that says the same in a line.
 */
import { AppError } from '../../shared/errors';
import type { ReadOnlyReason } from '../../shared/ipc-contract';
import { keychainRemedy } from '../keychain';

type Cause = ReadOnlyReason['cause'];

const HAPPENED: Record<Cause, string> = {
  'keychain-unavailable':
    'The system keychain could not be opened, so the saved API key and secret of this account cannot be read.',
  'not-in-keychain':
    'The saved API key and secret of this account were not found in the system keychain: it may be locked, or the entry was removed.',
  'not-remembered':
    'The API key and secret of this account were kept in memory for one session only, because no keychain was available when they were entered.',
  'signed-out': 'You signed out of this account and kept its cached sales.',
};

const CACHE_WORKS = 'Browsing, search, charts and exports use the sales saved on this computer.';

function lowerFirst(sentence: string): string {
  return sentence.charAt(0).toLowerCase() + sentence.slice(1);
}

function remedy(cause: Cause, platform: NodeJS.Platform): string {
  switch (cause) {
    case 'keychain-unavailable':
      return `To sync, enter your credentials for this session. To have them read from the keychain again: ${lowerFirst(keychainRemedy(platform))}`;
    case 'not-in-keychain':
      return 'To sync, unlock the keychain and try again, or enter your credentials.';
    case 'not-remembered':
    case 'signed-out':
      return 'To sync, enter your credentials again.';
  }
}

/** The reason shown while an account is open read-only. */
export function readOnlyReason(cause: Cause, platform: NodeJS.Platform = process.platform): ReadOnlyReason {
  return { cause, message: `${HAPPENED[cause]} ${CACHE_WORKS} ${remedy(cause, platform)}` };
}

/** What a sync (or any call to the service) of a read-only account fails with. */
export function credentialsNeededToSync(reason: ReadOnlyReason): AppError {
  return new AppError(
    'NOT_SIGNED_IN',
    `${HAPPENED[reason.cause]} Choose “Enter credentials to sync” to enter your API key and secret; cached sales stay available.`,
  );
}
