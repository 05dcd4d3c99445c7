/**
 * The one place where an IPC call is checked before any handler runs: the sender must be the app's
 * own page, the payload must be small and must pass the channel's zod schema. Every failure,
 * expected or not, returns as data with a stable code; nothing thrown crosses the boundary.
 */
import type { z } from 'zod';
import { AppError, type IpcResult } from '../../shared/errors';
import {
  BRIDGE_METHODS,
  IPC_CONTRACT,
  MAX_IPC_PAYLOAD_BYTES,
  type BridgeMethod,
  type ParsedInputOf,
} from '../../shared/ipc-contract';
import type { Logger } from '../log';
import { isTrustedSender, type TrustedRenderer } from '../security';
import type { Handler, IpcHandlers } from './ipc-handlers';
import type { IpcRegistrar } from './ipc-registrar';

/** What every handler registration needs besides the handler itself. */
export interface HandlerPolicy {
  trusted: TrustedRenderer;
  logger: Logger;
}

function payloadTooLarge(raw: unknown): boolean {
  if (raw === undefined) return false;
  try {
    const text = JSON.stringify(raw);
    return text !== undefined && text.length > MAX_IPC_PAYLOAD_BYTES;
  } catch {
    return true;
  }
}

/**
 * What a refused request says. A schema's own message for people ("Enter a name for the account.") is a sentence
 * ending in a period and is said as it is; zod's messages for programmers are not, and keep the field's path.
 */
function describeIssues(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return 'The request was not understood.';
  if (first.message.endsWith('.')) return first.message;
  const where = first.path.length > 0 ? `${first.path.join('.')}: ` : '';
  return `The request was not accepted (${where}${first.message}).`;
}

function failure(code: AppError['code'], message: string): IpcResult<never> {
  return { ok: false, error: { code, message } };
}

/** Registers `handler` for `method`'s channel behind the sender, size and schema checks. */
export function registerHandler<M extends BridgeMethod>(
  registrar: IpcRegistrar,
  method: M,
  handler: Handler<M>,
  policy: HandlerPolicy,
): void {
  const { channel, input: schema } = IPC_CONTRACT[method];
  registrar.handle(channel, async (meta, raw) => {
    if (!isTrustedSender(meta.senderUrl, policy.trusted)) {
      policy.logger.warn('ipc.untrusted-sender', { channel });
      return failure('UNTRUSTED_SENDER', 'This request did not come from the Commission Desk window and was refused.');
    }
    if (payloadTooLarge(raw)) return failure('INVALID_INPUT', 'The request was too large and was refused.');
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return failure('INVALID_INPUT', describeIssues(parsed.error));
    try {
      return { ok: true, value: await handler(parsed.data as ParsedInputOf<M>) };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error: error.toData() };
      policy.logger.error('ipc.handler-failed', { channel, error });
      return failure(
        'INTERNAL',
        'Something went wrong inside Commission Desk. Try again; if it keeps happening, restart the app.',
      );
    }
  });
}

/** Registers every channel of the contract, each with its handler from `handlers`. */
export function registerIpcHandlers(registrar: IpcRegistrar, handlers: IpcHandlers, policy: HandlerPolicy): void {
  for (const method of BRIDGE_METHODS)
    registerHandler(registrar, method, handlers[method] as Handler<typeof method>, policy);
}
