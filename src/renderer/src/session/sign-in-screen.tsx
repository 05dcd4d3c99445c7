/**
 * The sign-in screen: the service address and the three credentials from the platform dashboard.
 * "Test connection" shows whose profile they open before anything is saved; "Save and sign in"
 * stores the secret in the OS keychain (through the main process) and opens the account. After a
 * submit the api-key and api-secret are dropped from the form, whatever the outcome.
 */
import { Button, Container, Fieldset, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import type { AddAccountInput, ConnectionPreview, SessionStatus } from '../../../shared/ipc-contract';
import { call } from '../common/bridge';
import { ArrowLeftIcon, LockIcon } from '../common/icons';
import { useHeldCredentials } from '../common/use-held-credentials';
import { ConnectionPreviewCard } from './connection-preview-card';
import { SignInErrorAlert } from './sign-in-error-alert';
import { addAccountInputOf, connectionOf, EMPTY_SIGN_IN, FIELD_MAX, isSubmittable, signInFieldErrors, withoutSecrets, type SignInFields } from './sign-in-form';
import { offersSessionOnly } from './sign-in-steps';

/** Props of {@link SignInScreen}. */
export interface SignInScreenProps {
  /** Called with the new session once the account is saved and open. */
  onSignedIn: (status: SessionStatus) => void;
  /** Returns to where the user came from. */
  onCancel: () => void;
}

type Running = 'test' | 'save' | 'sessionOnly' | null;

/** The full-page "Connect your account" form. */
export function SignInScreen({ onSignedIn, onCancel }: SignInScreenProps) {
  const [fields, setFields] = useState<SignInFields>(EMPTY_SIGN_IN);
  const [addressLeft, setAddressLeft] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [running, setRunning] = useState<Running>(null);
  const [preview, setPreview] = useState<ConnectionPreview | null>(null);
  const [error, setError] = useState<AppErrorData | null>(null);
  const [secretsCleared, setSecretsCleared] = useState(false);
  const held = useHeldCredentials<AddAccountInput>();

  const errors = signInFieldErrors(fields, submitted, addressLeft ? 'final' : 'typing');
  const busy = running !== null;

  const change = (name: keyof SignInFields) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [name]: value }));
    if (name !== 'label') {
      setPreview(null);
      held.clear();
    }
  };

  const ready = (): boolean => {
    setSubmitted(true);
    setAddressLeft(true);
    return isSubmittable(signInFieldErrors(fields, true, 'final'));
  };

  const testConnection = async () => {
    if (!ready()) return;
    setRunning('test');
    setError(null);
    setPreview(null);
    const result = await call('testConnection', connectionOf(fields));
    setRunning(null);
    if (result.ok) setPreview(result.value);
    else setError(result.error);
  };

  const save = async (input: AddAccountInput) => {
    setRunning(input.sessionOnly ? 'sessionOnly' : 'save');
    setError(null);
    const result = await call('addAccount', input);
    setFields(withoutSecrets);
    setRunning(null);
    if (result.ok) {
      onSignedIn(result.value);
      return;
    }
    setPreview(null);
    setSecretsCleared(true);
    setSubmitted(false);
    setError(result.error);
    if (!input.sessionOnly && offersSessionOnly(result.error.code)) held.hold(input);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !ready()) return;
    void save(addAccountInputOf(fields, false));
  };

  const continueSessionOnly = () => {
    const kept = held.take();
    if (kept) {
      void save({ ...kept, sessionOnly: true });
      return;
    }
    if (ready()) void save(addAccountInputOf(fields, true));
  };

  return (
    <Container size="xs" px="md" py="xl" component="main">
      <Stack gap="md">
        <Group>
          <Button variant="subtle" size="compact-sm" leftSection={<ArrowLeftIcon size={16} />} onClick={onCancel} disabled={busy}>
            Back
          </Button>
        </Group>
        <Paper withBorder radius="md" p={{ base: 'md', xs: 'xl' }} shadow="xs">
          <form onSubmit={submit} noValidate aria-labelledby="sign-in-title">
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={1} size="h2" id="sign-in-title">
                  Connect your account
                </Title>
                <Text size="sm" c="dimmed">
                  Copy these details from the API section of your platform account dashboard.
                </Text>
              </Stack>
              <Fieldset variant="unstyled" disabled={busy} p={0} m={0}>
                <Stack gap="sm">
                  <TextInput
                    label="Service address"
                    placeholder="https://…"
                    description="The reporting service's address, starting with https://"
                    value={fields.baseUrl}
                    onChange={change('baseUrl')}
                    onBlur={() => setAddressLeft(true)}
                    error={errors.baseUrl}
                    maxLength={FIELD_MAX.baseUrl}
                    type="url"
                    inputMode="url"
                    autoComplete="url"
                    spellCheck={false}
                    autoCapitalize="none"
                    required
                    autoFocus
                  />
                  <TextInput
                    label="API key"
                    value={fields.apiKey}
                    onChange={change('apiKey')}
                    error={errors.apiKey}
                    placeholder={secretsCleared ? 'Type your API key again' : undefined}
                    maxLength={FIELD_MAX.apiKey}
                    autoComplete="off"
                    spellCheck={false}
                    autoCapitalize="none"
                    required
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
                  <TextInput
                    label="Label (optional)"
                    description="How this account is named in the account switcher. Leave empty to use the profile's name."
                    value={fields.label}
                    onChange={change('label')}
                    maxLength={FIELD_MAX.label}
                    autoComplete="off"
                  />
                </Stack>
              </Fieldset>
              <Group gap={8} wrap="nowrap" align="flex-start" c="dimmed">
                <LockIcon size={16} style={{ flexShrink: 0, marginTop: 2 }} />
                <Text size="xs">
                  Your API key and secret are kept in your system&apos;s keychain, never in a file, and are sent only to this address, over HTTPS.
                </Text>
              </Group>
              {preview && <ConnectionPreviewCard preview={preview} />}
              {error && <SignInErrorAlert error={error} onContinueSessionOnly={continueSessionOnly} continuing={running === 'sessionOnly'} disabled={busy} />}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onCancel} disabled={busy} mr="auto">
                  Cancel
                </Button>
                <Button variant="light" loading={running === 'test'} disabled={busy && running !== 'test'} onClick={() => void testConnection()}>
                  Test connection
                </Button>
                <Button type="submit" loading={running === 'save'} disabled={busy && running !== 'save'}>
                  Save and sign in
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
