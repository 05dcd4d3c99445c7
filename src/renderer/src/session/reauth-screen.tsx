/**
 * "Sign in again": shown when an account is open but its credentials are missing or were refused
 * (a 401 during use, a keychain that could not be read, a session-only account after a restart).
 * Everything but the secret is known, so the form asks for the secret, keeps the stored api-key
 * unless a new one is typed, and clears both from the form after every submit.
 */
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import type { AccountSummary, ReauthenticateInput, SessionStatus } from '../../../shared/ipc-contract';
import { call } from '../common/bridge';
import { AlertIcon } from '../common/icons';
import { apiKeyPlaceholder, canKeepStoredKey, reauthIntro, reauthNotice } from './account-text';
import { CredentialCard } from './credential-card';
import { CredentialSection } from './credential-section';
import { isSubmittable, reauthFieldErrors, reauthInputOf, type ReauthFields } from './sign-in-form';
import { useCredentialForm } from './use-credential-form';

/** Props of {@link ReauthScreen}. */
export interface ReauthScreenProps {
  account: AccountSummary;
  /** Why the account is not signed in, from the main process. */
  problem: AppErrorData | null;
  onSignedIn: (status: SessionStatus) => void;
  /** The account switcher, opened from a "Use another account" link. */
  switcher: ReactNode;
  /** Opens the sign-out confirmation. */
  onSignOut: () => void;
}

/** The sign-in-again form for the active account. */
export function ReauthScreen({ account, problem, onSignedIn, switcher, onSignOut }: ReauthScreenProps) {
  const form = useCredentialForm<ReauthFields, ReauthenticateInput>({
    initial: { apiKey: '', apiSecret: '', appId: account.appId },
    request: (input) => call('reauthenticate', input),
    onSignedIn,
  });
  const { fields, running, busy, error } = form;
  const keyRequired = !canKeepStoredKey(account, problem);
  const errors = reauthFieldErrors(fields, form.submitted, keyRequired);
  const notice = reauthNotice(account, problem);
  /** Offered up front when the keychain is known not to work, or did not work when this account was added. */
  const offerSessionOnly = problem?.code === 'KEYCHAIN_UNAVAILABLE' || !account.remembered;

  const ready = (): boolean => {
    form.setSubmitted(true);
    return isSubmittable(reauthFieldErrors(fields, true, keyRequired));
  };

  const submit = (sessionOnly: boolean) => {
    if (busy || !ready()) return;
    void form.send(reauthInputOf(account.id, fields, sessionOnly));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(false);
  };

  return (
    <Stack gap="md" maw={520} mx="auto" py="md" data-testid="reauth-screen">
      <CredentialCard title="Sign in again" intro={reauthIntro(keyRequired)} onSubmit={onSubmit}>
        {notice && !error && (
          <Alert color="orange" variant="light" icon={<AlertIcon />} title={notice.title} data-testid="reauth-problem" data-error-code={problem?.code}>
            {notice.message}
          </Alert>
        )}
        <CredentialSection
          fields={fields}
          errors={errors}
          onChange={form.edit}
          disabled={busy}
          keyRequired={keyRequired}
          keyHint={apiKeyPlaceholder(account, problem)}
          secretsCleared={form.secretsCleared}
          autoFocus={keyRequired ? 'apiKey' : 'apiSecret'}
          leading={
            <>
              <TextInput label="Account" value={account.label} readOnly variant="filled" />
              <TextInput label="Service address" value={account.baseUrl} readOnly variant="filled" />
            </>
          }
          error={error}
          onContinueSessionOnly={() => form.continueSessionOnly(() => submit(true))}
          continuing={running === 'sessionOnly'}
        />
        <Group justify="flex-end" gap="sm">
          {offerSessionOnly && !error && (
            <Button variant="default" loading={running === 'sessionOnly'} disabled={busy && running !== 'sessionOnly'} onClick={() => submit(true)}>
              Sign in for this session only
            </Button>
          )}
          <Button type="submit" loading={running === 'submit'} disabled={busy && running !== 'submit'}>
            Sign in again
          </Button>
        </Group>
      </CredentialCard>
      <Group justify="center" gap="lg">
        {switcher}
        <Button variant="subtle" color="red" size="compact-sm" onClick={onSignOut} disabled={busy}>
          Sign out…
        </Button>
      </Group>
    </Stack>
  );
}
