/**
 * The form that enters an existing account's credentials again, shared by the sign-in-again screen (after a 401) and
 * the "Enter credentials to sync" dialog of a read-only account: the fields, their checks (the api-key is required
 * unless the stored one can be kept), and sending with the credentials kept in the keychain or for this session only.
 */
import type { FormEvent } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import type { AccountSummary, ReauthenticateInput, SessionStatus } from '../../../shared/ipc-contract';
import { call } from '../common/bridge';
import { canKeepStoredKey } from './account-text';
import { isSubmittable, reauthFieldErrors, reauthInputOf, type ReauthFields } from './sign-in-form';
import { useCredentialForm, type CredentialForm } from './use-credential-form';

/** The form's state and its two ways to send. */
export interface ReauthForm {
  form: CredentialForm<ReauthFields, ReauthenticateInput>;
  keyRequired: boolean;
  errors: Record<keyof ReauthFields, string | null>;
  /** Sends with the credentials kept in memory for this session (`sessionOnly`) or saved in the keychain. */
  submit: (sessionOnly: boolean) => void;
  /** The form's submit event: Enter sends the way `primarySessionOnly` says. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The failure's "Continue for this session only": retries what was just typed without the keychain. */
  continueSessionOnly: () => void;
}

/** Holds the form for `account`; `problem` decides whether the stored api-key may be kept. */
export function useReauthForm(
  account: AccountSummary,
  problem: AppErrorData | null,
  onSignedIn: (status: SessionStatus) => void,
  primarySessionOnly = false,
): ReauthForm {
  const form = useCredentialForm<ReauthFields, ReauthenticateInput>({
    initial: { apiKey: '', apiSecret: '', appId: account.appId },
    request: (input) => call('reauthenticate', input),
    onSignedIn,
  });
  const keyRequired = !canKeepStoredKey(problem);
  const errors = reauthFieldErrors(form.fields, form.submitted, keyRequired);

  const submit = (sessionOnly: boolean) => {
    if (form.busy) return;
    form.setSubmitted(true);
    if (!isSubmittable(reauthFieldErrors(form.fields, true, keyRequired))) return;
    void form.send(reauthInputOf(account.id, form.fields, sessionOnly));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(primarySessionOnly);
  };

  return {
    form,
    keyRequired,
    errors,
    submit,
    onSubmit,
    continueSessionOnly: () => form.continueSessionOnly(() => submit(true)),
  };
}
