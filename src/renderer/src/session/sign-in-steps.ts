/**
 * Names the step of signing in that failed, from the error's stable code. People fix a wrong
 * address, a network problem, refused credentials and a missing keychain in different places, so
 * the heading says which one it was; the sentence from the main process says what to do.
 */
import type { ErrorCode } from '../../../shared/errors';

/** The steps of "Test connection" and "Save and sign in", in the order they run. */
export type SignInStep = 'check' | 'connect' | 'signIn' | 'save';

const STEP_NAMES: Record<SignInStep, string> = {
  check: 'Checking the details',
  connect: 'Connecting to the service',
  signIn: 'Signing in',
  save: 'Saving to the keychain',
};

const STEP_OF_CODE: Partial<Record<ErrorCode, SignInStep>> = {
  INVALID_INPUT: 'check',
  INSECURE_URL: 'check',
  NETWORK_OFFLINE: 'connect',
  TIMEOUT: 'connect',
  TLS_FAILURE: 'connect',
  SERVER_ERROR: 'connect',
  BAD_RESPONSE: 'connect',
  NOT_FOUND: 'connect',
  RATE_LIMITED: 'connect',
  BAD_REQUEST: 'connect',
  CANCELLED: 'connect',
  AUTH_INVALID: 'signIn',
  FORBIDDEN: 'signIn',
  NOT_ALLOWED_FOR_ACCOUNT: 'signIn',
  KEYCHAIN_UNAVAILABLE: 'save',
};

/** The step an error with this code belongs to, or null when it is not tied to one. */
export function signInStepOf(code: ErrorCode | string): SignInStep | null {
  return STEP_OF_CODE[code as ErrorCode] ?? null;
}

/** The step's name as the form shows it ("Signing in"). */
export function signInStepName(step: SignInStep): string {
  return STEP_NAMES[step];
}

/** The heading of a sign-in failure: "Signing in failed", "Connecting to the service failed", … */
export function signInFailureTitle(code: ErrorCode | string): string {
  const step = signInStepOf(code);
  return step === null ? 'Signing in could not finish' : `${STEP_NAMES[step]} failed`;
}

/** True when the failure leaves "continue for this session only" (no keychain) as a way forward. */
export function offersSessionOnly(code: ErrorCode | string): boolean {
  return code === 'KEYCHAIN_UNAVAILABLE';
}
