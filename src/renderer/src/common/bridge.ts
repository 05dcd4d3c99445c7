/**
 * The renderer's only door to the main process. Components call `call('querySales', query)` and
 * always get data back — a value or an error with a code and a sentence — never an exception,
 * even when the bridge is missing or the IPC layer itself fails. Because every call passes here,
 * this is also where a refused key (401 during use) is noticed, once for every screen.
 */
import type { AppErrorData, IpcResult } from '../../../shared/errors';
import type { Bridge, BridgeMethod, OutputOf } from '../../../shared/ipc-contract';
import { rejectsSessionCredentials } from './credential-rejection';

/** The value a bridge method resolves to on success. */
export type BridgeOutput<M extends BridgeMethod> = OutputOf<M>;

/** The arguments a bridge method takes (none, or its one input object). */
export type BridgeArgs<M extends BridgeMethod> = Parameters<Bridge[M]>;

type Invoke<M extends BridgeMethod> = (...args: BridgeArgs<M>) => Promise<IpcResult<BridgeOutput<M>>>;

const MISSING_BRIDGE: AppErrorData = {
  code: 'INTERNAL',
  message: 'Commission Desk could not reach its background process. Quit and reopen the app.',
};

/** Builds the error shown when the call itself broke rather than the service answering with one. */
function unexpected(reason: unknown): AppErrorData {
  const detail = reason instanceof Error && reason.message ? ` (${reason.message})` : '';
  return {
    code: 'INTERNAL',
    message: `Something went wrong inside Commission Desk${detail}. Try again; if it keeps happening, restart the app.`,
  };
}

function isIpcResult(value: unknown): value is IpcResult<unknown> {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  const ok = (value as { ok: unknown }).ok;
  if (ok === true) return 'value' in value;
  if (ok !== false || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}

/** The bridge the preload exposed, or null when the page runs outside the app. */
export function getBridge(): Bridge | null {
  const candidate = (globalThis as { commissionDesk?: Bridge }).commissionDesk;
  return candidate ?? null;
}

type RejectionListener = (error: AppErrorData) => void;

const rejectionListeners = new Set<RejectionListener>();

/**
 * Runs `listener` whenever a call fails because the session's credentials were refused, so the
 * session owner can re-read the session and ask for them again. Returns the unsubscribe function.
 */
export function onCredentialsRejected(listener: RejectionListener): () => void {
  rejectionListeners.add(listener);
  return () => {
    rejectionListeners.delete(listener);
  };
}

/** A listener's own failure must not turn a call into a rejected promise. */
function notify(listener: RejectionListener, error: AppErrorData): void {
  try {
    listener(error);
  } catch {
    // The listener only schedules a session refresh; there is nothing useful to do if it throws.
  }
}

/**
 * Tells the session owner that the service refused the session's credentials outside a bridge call's own result
 * — for example a background sync that stopped with AUTH_INVALID, seen only in the polled sync status.
 */
export function reportRejectedCredentials(error: AppErrorData): void {
  for (const listener of [...rejectionListeners]) notify(listener, error);
}

/**
 * The saves sent so far, not all answered: every call waits for them, so no read answers for a value the user has
 * just changed (the home currency, the ledger's date format), and saves reach the main process in the order made.
 */
let saving: Promise<unknown> | null = null;

/**
 * Calls one bridge method, at once when no save is waiting for its answer (the start requests are sent before the
 * screens load) and after it otherwise; resolves to its IpcResult and never rejects.
 */
export function call<M extends BridgeMethod>(method: M, ...args: BridgeArgs<M>): Promise<IpcResult<BridgeOutput<M>>> {
  return saving === null ? send(method, args) : saving.then(() => send(method, args));
}

/** Like {@link call}, for a call that changes what later calls read: every later call waits for its answer. */
export function save<M extends BridgeMethod>(method: M, ...args: BridgeArgs<M>): Promise<IpcResult<BridgeOutput<M>>> {
  const result = call(method, ...args);
  saving = result;
  void result.then(() => {
    if (saving === result) saving = null;
  });
  return result;
}

async function send<M extends BridgeMethod>(method: M, args: BridgeArgs<M>): Promise<IpcResult<BridgeOutput<M>>> {
  const result = await invokeBridge(method, args);
  if (!result.ok && rejectsSessionCredentials(method, result.error.code)) {
    for (const listener of [...rejectionListeners]) notify(listener, result.error);
  }
  return result;
}

async function invokeBridge<M extends BridgeMethod>(
  method: M,
  args: BridgeArgs<M>,
): Promise<IpcResult<BridgeOutput<M>>> {
  const bridge = getBridge();
  const invoke = bridge?.[method] as Invoke<M> | undefined;
  if (typeof invoke !== 'function') return { ok: false, error: MISSING_BRIDGE };
  try {
    const result: unknown = await invoke.apply(bridge, args);
    if (isIpcResult(result)) return result as IpcResult<BridgeOutput<M>>;
    return { ok: false, error: unexpected(new Error('unreadable reply')) };
  } catch (reason) {
    return { ok: false, error: unexpected(reason) };
  }
}
