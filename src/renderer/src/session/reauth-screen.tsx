/**
 * "Sign in again": shown when an account is open but its credentials are missing or were refused
 * (a 401 during use, a keychain that could not be read, a session-only account after a restart).
 * Everything but the secret is known, so the form asks for the secret, keeps the stored api-key
 * unless a new one is typed, and clears both from the form after every submit.
 */
import { Alert, Button, Fieldset, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import type { AccountSummary, ReauthenticateInput, SessionStatus } from '../../../shared/ipc-contract';
import { call } from '../common/bridge';
import { AlertIcon } from '../common/icons';
import { useHeldCredentials } from '../common/use-held-credentials';
import { apiKeyPlaceholder, canKeepStoredKey, reauthIntro, reauthNotice } from './account-text';
import { SignInErrorAlert } from './sign-in-error-alert';
import { FIELD_MAX, reauthFieldErrors, reauthInputOf, withoutSecrets, type ReauthFields } from './sign-in-form';
import { offersSessionOnly } from './sign-in-steps';

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

type Running = 'signIn' | 'sessionOnly' | null;

/** The sign-in-again form for the active account. */
export function ReauthScreen({ account, problem, onSignedIn, switcher, onSignOut }: ReauthScreenProps) {
  const [fields, setFields] = useState<ReauthFields>({ apiKey: '', apiSecret: '', appId: account.appId });
  const [submitted, setSubmitted] = useState(false);
  const [running, setRunning] = useState<Running>(null);
  const [error, setError] = useState<AppErrorData | null>(null);
  const [secretsCleared, setSecretsCleared] = useState(false);
  const held = useHeldCredentials<ReauthenticateInput>();

  const keyRequired = !canKeepStoredKey(account, problem);
  const errors = reauthFieldErrors(fields, submitted, keyRequired);
  const busy = running !== null;
  const notice = reauthNotice(account, problem);
  /** Offered up front when the keychain is known not to work, or did not work when this account was added. */
  const offerSessionOnly = problem?.code === 'KEYCHAIN_UNAVAILABLE' || !account.remembered;

  const change = (name: keyof ReauthFields) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [name]: value }));
    held.clear();
  };

  const ready = (): boolean => {
    setSubmitted(true);
    return Object.values(reauthFieldErrors(fields, true, keyRequired)).every((e) => e === null);
  };

  const send = async (input: ReauthenticateInput) => {
    setRunning(input.sessionOnly ? 'sessionOnly' : 'signIn');
    setError(null);
    const result = await call('reauthenticate', input);
    setFields(withoutSecrets);
    setRunning(null);
    if (result.ok) {
      onSignedIn(result.value);
      return;
    }
    setSecretsCleared(true);
    setSubmitted(false);
    setError(result.error);
    if (!input.sessionOnly && offersSessionOnly(result.error.code)) held.hold(input);
  };

  const submit = (sessionOnly: boolean) => {
    if (busy || !ready()) return;
    void send(reauthInputOf(account.id, fields, sessionOnly));
  };

  const continueSessionOnly = () => {
    const kept = held.take();
    if (kept) void send({ ...kept, sessionOnly: true });
    else submit(true);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(false);
  };

  return (
    <Stack gap="md" maw={520} mx="auto" py="md" data-testid="reauth-screen">
      <Paper withBorder radius="md" p={{ base: 'md', xs: 'xl' }} shadow="xs">
        <form onSubmit={onSubmit} noValidate aria-labelledby="reauth-title">
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={1} size="h2" id="reauth-title">
                Sign in again
              </Title>
              <Text size="sm" c="dimmed">
                {reauthIntro(keyRequired)}
              </Text>
            </Stack>
            {notice && !error && (
              <Alert color="orange" variant="light" icon={<AlertIcon />} title={notice.title} data-testid="reauth-problem" data-error-code={problem?.code}>
                {notice.message}
              </Alert>
            )}
            <Fieldset variant="unstyled" disabled={busy} p={0} m={0}>
              <Stack gap="sm">
                <TextInput label="Account" value={account.label} readOnly variant="filled" />
                <TextInput label="Service address" value={account.baseUrl} readOnly variant="filled" />
                <TextInput
                  label="API key"
                  value={fields.apiKey}
                  onChange={change('apiKey')}
                  error={errors.apiKey}
                  placeholder={secretsCleared && keyRequired ? 'Type your API key again' : apiKeyPlaceholder(account, problem)}
                  maxLength={FIELD_MAX.apiKey}
                  autoComplete="off"
                  spellCheck={false}
                  autoCapitalize="none"
                  required={keyRequired}
                  autoFocus={keyRequired}
                />
                <PasswordInput
                  label="API secret"
                  value={fields.apiSecret}
                  onChange={change('apiSecret')}
                  error={errors.apiSecret}
                  placeholder={secretsCleared ? 'Type your API secret again' : undefined}
                  maxLength={FIELD_MAX.apiSecret}
                  autoComplete="off"
                  spellCheck={false}
                  autoCapitalize="none"
                  required
                  autoFocus={!keyRequired}
                />
                <TextInput
                  label="App ID"
                  value={fields.appId}
                  onChange={change('appId')}
                  error={errors.appId}
                  maxLength={FIELD_MAX.appId}
                  autoComplete="off"
                  spellCheck={false}
                  autoCapitalize="none"
                  required
                />
              </Stack>
            </Fieldset>
            {error && <SignInErrorAlert error={error} onContinueSessionOnly={continueSessionOnly} continuing={running === 'sessionOnly'} disabled={busy} />}
            <Group justify="flex-end" gap="sm">
              {offerSessionOnly && !error && (
                <Button variant="default" loading={running === 'sessionOnly'} disabled={busy && running !== 'sessionOnly'} onClick={() => submit(true)}>
                  Sign in for this session only
                </Button>
              )}
              <Button type="submit" loading={running === 'signIn'} disabled={busy && running !== 'signIn'}>
                Sign in again
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Group justify="center" gap="lg">
        {switcher}
        <Button variant="subtle" color="red" size="compact-sm" onClick={onSignOut} disabled={busy}>
          Sign out…
        </Button>
      </Group>
    </Stack>
  );
}
