/**
 * The sign-in screen: the service address and the three credentials from the platform dashboard.
 * "Test connection" shows whose profile they open before anything is saved; "Save and sign in"
 * stores the secret in the OS keychain (through the main process) and opens the account. After a
 * submit the api-secret is dropped from the form, whatever the outcome; a refusal keeps everything
 * else, so only the secret is typed again. A network that inspects TLS is met on the form itself:
 * an extra CA certificate can be given here, before the account (and its Settings) exist.
 */
import { Button, Container, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { AddAccountInput, ConnectionPreview, SessionStatus } from '../../../shared/ipc-contract';
import { EXTRA_CA_PLACE } from '../../../shared/extra-ca-setting';
import { call } from '../common/bridge';
import { ArrowLeftIcon, LockIcon } from '../common/icons';
import { ConnectionPreviewCard } from './connection-preview-card';
import { CredentialCard } from './credential-card';
import { CredentialSection } from './credential-section';
import {
  addAccountInputOf,
  connectionOf,
  EMPTY_SIGN_IN,
  FIELD_MAX,
  isSubmittable,
  signInFieldErrors,
  type SignInFields,
} from './sign-in-form';
import { SignInExtraCa } from './sign-in-extra-ca';
import { useCredentialForm } from './use-credential-form';

/** Props of {@link SignInScreen}. */
export interface SignInScreenProps {
  /** Called with the new session once the account is saved and open. */
  onSignedIn: (status: SessionStatus) => void;
  /** Returns to where the user came from. */
  onCancel: () => void;
}

/** The full-page "Connect your account" form. */
export function SignInScreen({ onSignedIn, onCancel }: SignInScreenProps) {
  const [addressLeft, setAddressLeft] = useState(false);
  const [preview, setPreview] = useState<ConnectionPreview | null>(null);
  const [caOpen, setCaOpen] = useState(false);
  const [caFocus, setCaFocus] = useState(0);
  const form = useCredentialForm<SignInFields, AddAccountInput>({
    initial: EMPTY_SIGN_IN,
    request: (input) => call('addAccount', input),
    onSignedIn,
    onFailed: () => setPreview(null),
  });
  const { fields, running, busy } = form;
  const errors = signInFieldErrors(fields, form.submitted, addressLeft ? 'final' : 'typing');

  const change = (name: keyof SignInFields, value: string) => {
    form.edit(name, value);
    if (name !== 'label') setPreview(null);
  };

  const ready = (): boolean => {
    form.setSubmitted(true);
    setAddressLeft(true);
    const found = signInFieldErrors(fields, true, 'final');
    if (found.extraCaPem !== null) setCaOpen(true);
    return isSubmittable(found);
  };

  const trustCertificate = () => {
    setCaOpen(true);
    setCaFocus((count) => count + 1);
  };

  const testConnection = async () => {
    if (!ready()) return;
    form.setRunning('test');
    form.setError(null);
    setPreview(null);
    const result = await call('testConnection', connectionOf(fields));
    form.setRunning(null);
    if (result.ok) setPreview(result.value);
    else form.setError(result.error);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !ready()) return;
    void form.send(addAccountInputOf(fields, false));
  };

  const continueSessionOnly = () =>
    form.continueSessionOnly(() => {
      if (ready()) void form.send(addAccountInputOf(fields, true));
    });

  return (
    <Container size={600} px="md" py="xl" component="main">
      <Stack gap="md">
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<ArrowLeftIcon size={16} />}
            onClick={onCancel}
            disabled={busy}
          >
            Back
          </Button>
        </Group>
        <CredentialCard
          title="Connect your account"
          intro="Copy these details from the API section of your platform account dashboard."
          onSubmit={submit}
        >
          <CredentialSection
            fields={fields}
            errors={errors}
            onChange={change}
            disabled={busy}
            keyRequired
            secretsCleared={form.secretsCleared}
            failures={form.failures}
            leading={
              <TextInput
                label="Service address"
                placeholder="https://…"
                description="The reporting service's address, starting with https://"
                value={fields.baseUrl}
                onChange={(event) => change('baseUrl', event.currentTarget.value)}
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
            }
            trailing={
              <TextInput
                label="Label (optional)"
                description="How this account is named in the account switcher. Leave empty to use the profile's name."
                value={fields.label}
                onChange={(event) => change('label', event.currentTarget.value)}
                maxLength={FIELD_MAX.label}
                autoComplete="off"
              />
            }
            error={form.error}
            onContinueSessionOnly={continueSessionOnly}
            continuing={running === 'sessionOnly'}
            trustCertificate={{
              note: `This account is not saved yet, so add the certificate here, on this form. You can change or remove it later under ${EXTRA_CA_PLACE}.`,
              open: trustCertificate,
            }}
            actions={
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onCancel} disabled={busy} mr="auto">
                  Cancel
                </Button>
                <Button
                  variant="light"
                  loading={running === 'test'}
                  disabled={busy && running !== 'test'}
                  onClick={() => void testConnection()}
                >
                  Test connection
                </Button>
                <Button type="submit" loading={running === 'submit'} disabled={busy && running !== 'submit'}>
                  Save and sign in
                </Button>
              </Group>
            }
          >
            <SignInExtraCa
              opened={caOpen}
              onToggle={() => setCaOpen((open) => !open)}
              value={fields.extraCaPem}
              onChange={(text) => change('extraCaPem', text)}
              error={errors.extraCaPem}
              disabled={busy}
              focusRequest={caFocus}
            />
            <Group gap={8} wrap="nowrap" align="flex-start" c="dimmed">
              <LockIcon size={16} style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="xs">
                Your API key and secret are kept in your system&apos;s keychain, never in a file, and are sent only to
                this address, over HTTPS.
              </Text>
            </Group>
            {preview && <ConnectionPreviewCard preview={preview} />}
          </CredentialSection>
        </CredentialCard>
      </Stack>
    </Container>
  );
}
