/**
 * The state both credential forms share — typed fields, which request runs, the failure shown, and the credentials
 * held for a keychain-free retry — and the one way they send: whatever the answer, the api-secret leaves renderer
 * state (the rest of what was typed stays, so a refusal asks only for the secret again), and a keychain failure offers
 * "Continue for this session only" with what was just typed.
 */
import { useState } from 'react';
import type { AppErrorData, IpcResult } from '../../../shared/errors';
import type { SessionStatus } from '../../../shared/ipc-contract';
import { useHeldCredentials } from '../common/use-held-credentials';
import { withoutSecret, type CredentialFields } from './sign-in-form';
import { offersSessionOnly } from './sign-in-steps';

/** Which request a form waits for: a connection test, the submit, or the session-only retry. */
export type CredentialRunning = 'test' | 'submit' | 'sessionOnly' | null;

/** What a screen tells {@link useCredentialForm}. */
export interface CredentialFormOptions<F, I> {
  initial: F;
  /** Sends the credentials to the main process. */
  request: (input: I) => Promise<IpcResult<SessionStatus>>;
  onSignedIn: (status: SessionStatus) => void;
  /** Runs with the failure, e.g. to drop a connection preview that no longer matches. */
  onFailed?: () => void;
}

/** The form's state and actions. */
export interface CredentialForm<F, I> {
  fields: F;
  /** Changes one field; editing anything but the label ends a held retry, which would no longer match. */
  edit: (name: keyof F & string, value: string) => void;
  submitted: boolean;
  setSubmitted: (submitted: boolean) => void;
  running: CredentialRunning;
  setRunning: (running: CredentialRunning) => void;
  busy: boolean;
  error: AppErrorData | null;
  setError: (error: AppErrorData | null) => void;
  /** True once a submit dropped the secret, so the field asks for it again. */
  secretsCleared: boolean;
  /** Counts failed sends, so the form can move focus to the secret field after each one. */
  failures: number;
  send: (input: I) => Promise<void>;
  /** Retries the held credentials without the keychain, or runs `typed` when none are held. */
  continueSessionOnly: (typed: () => void) => void;
}

/** Holds a credential form of fields `F` that sends inputs `I`. */
export function useCredentialForm<F extends CredentialFields, I extends { sessionOnly: boolean }>(
  options: CredentialFormOptions<F, I>,
): CredentialForm<F, I> {
  const { initial, request, onSignedIn, onFailed } = options;
  const [fields, setFields] = useState<F>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [running, setRunning] = useState<CredentialRunning>(null);
  const [error, setError] = useState<AppErrorData | null>(null);
  const [secretsCleared, setSecretsCleared] = useState(false);
  const [failures, setFailures] = useState(0);
  const held = useHeldCredentials<I>();

  const edit = (name: keyof F & string, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    if (name !== 'label') held.clear();
  };

  const send = async (input: I) => {
    setRunning(input.sessionOnly ? 'sessionOnly' : 'submit');
    setError(null);
    const result = await request(input);
    setFields(withoutSecret);
    setRunning(null);
    if (result.ok) {
      onSignedIn(result.value);
      return;
    }
    onFailed?.();
    setSecretsCleared(true);
    setSubmitted(false);
    setError(result.error);
    setFailures((count) => count + 1);
    if (!input.sessionOnly && offersSessionOnly(result.error.code)) held.hold(input);
  };

  const continueSessionOnly = (typed: () => void) => {
    const kept = held.take();
    if (kept) void send({ ...kept, sessionOnly: true });
    else typed();
  };

  return {
    fields,
    edit,
    submitted,
    setSubmitted,
    running,
    setRunning,
    busy: running !== null,
    error,
    setError,
    secretsCleared,
    failures,
    send,
    continueSessionOnly,
  };
}
