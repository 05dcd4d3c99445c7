/**
 * Decides when a failed bridge call means "the service no longer accepts this session's
 * credentials", so the app re-reads the session and asks for them again. The main process has
 * already marked the account as signed out; the renderer only has to notice, in one place.
 */
import type { ErrorCode } from '../../../shared/errors';
import type { BridgeMethod } from '../../../shared/ipc-contract';

/**
 * Calls that never use the session's stored credentials: the account calls check credentials the
 * user just typed (their 401 is a form error, not a revoked key), and the session calls do not
 * talk to the service. Every other method — profile, sales, export, and any added later — does.
 */
const NOT_SESSION_SCOPED: ReadonlySet<BridgeMethod> = new Set<BridgeMethod>([
  'getAppInfo',
  'getSession',
  'startDemo',
  'endSession',
  'testConnection',
  'addAccount',
  'switchAccount',
  'reauthenticate',
  'signOut',
  'getPreferences',
  'updatePreferences',
  'getCacheInfo',
  'clearCache',
  'openExternal',
  'showInFolder',
  'getDiagnostics',
]);

/**
 * True when `method` failing with `code` means the session's credentials were refused (401) or
 * are already gone (a call made before the renderer learned of an earlier refusal).
 */
export function rejectsSessionCredentials(method: BridgeMethod, code: ErrorCode | string): boolean {
  if (NOT_SESSION_SCOPED.has(method)) return false;
  return code === 'AUTH_INVALID' || code === 'NOT_SIGNED_IN';
}
