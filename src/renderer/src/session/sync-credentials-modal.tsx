/**
 * "Enter credentials to sync": the dialog a read-only account opens when the user wants to sync, and the one a
 * session-only account opens to save its credentials once a keychain is there. Browsing never needs it. When the
 * keychain is known not to work, keeping the credentials for this session is the first choice; otherwise saving them
 * in the keychain is, and a keychain failure still offers this session only with what was just typed.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AppErrorData } from '../../../shared/errors';
import type { AccountSummary, ReadOnlyReason, SessionStatus } from '../../../shared/ipc-contract';
import { apiKeyPlaceholder, serviceHost, sessionOnlyFirst } from './account-text';
import { CredentialSection } from './credential-section';
import { useReauthForm } from './use-reauth-form';
import { notify } from '../common/notify';

/** Why the dialog is open: to sync a read-only account, or to save a session-only account's credentials. */
export type CredentialsPurpose = 'sync' | 'save';

/** Props of {@link SyncCredentialsModal}. */
export interface SyncCredentialsModalProps {
  account: AccountSummary;
  purpose: CredentialsPurpose | null;
  /** Why the account is read-only, when it is. */
  readOnly: ReadOnlyReason | null;
  problem: AppErrorData | null;
  onClose: () => void;
  onSignedIn: (status: SessionStatus) => void;
}

const TITLES: Record<CredentialsPurpose, string> = {
  sync: 'Enter credentials to sync',
  save: 'Save your credentials in the keychain',
};

/** The credentials dialog; closed while `purpose` is null. */
export function SyncCredentialsModal({
  account,
  purpose,
  readOnly,
  problem,
  onClose,
  onSignedIn,
}: SyncCredentialsModalProps) {
  return (
    <Modal
      opened={purpose !== null}
      onClose={onClose}
      title={purpose ? TITLES[purpose] : ''}
      size="md"
      yOffset="4dvh"
      data-testid="sync-credentials-modal"
    >
      {purpose && (
        <CredentialsForm
          account={account}
          purpose={purpose}
          readOnly={readOnly}
          problem={problem}
          onClose={onClose}
          onSignedIn={onSignedIn}
        />
      )}
    </Modal>
  );
}

function announce(status: SessionStatus): void {
  if (status.kind !== 'account') return;
  notify({
    kind: 'account',
    tone: 'success',
    title: `Signed in to ${status.account.label}`,
    message: status.account.remembered
      ? 'Your API key and secret are stored in the system keychain.'
      : 'Your API key and secret are kept in memory until you quit.',
    testId: 'signed-in-notification',
  });
}

function intro(purpose: CredentialsPurpose, memoryFirst: boolean): string {
  if (purpose === 'save')
    return 'Enter your API key and secret again to store them in the system keychain, so they are remembered after you quit.';
  const where = memoryFirst
    ? 'With no keychain, they are kept in memory until you quit.'
    : 'They are saved in the system keychain, or kept in memory until you quit.';
  return `Syncing needs your API key and secret (in the API section of your platform dashboard). ${where}`;
}

function CredentialsForm({
  account,
  purpose,
  readOnly,
  problem,
  onClose,
  onSignedIn,
}: SyncCredentialsModalProps & { purpose: CredentialsPurpose }) {
  const memoryFirst = purpose === 'sync' && sessionOnlyFirst(readOnly, problem);
  const signedIn = (status: SessionStatus) => {
    announce(status);
    onSignedIn(status);
    onClose();
  };
  const { form, keyRequired, errors, submit, onSubmit, continueSessionOnly } = useReauthForm(
    account,
    problem,
    signedIn,
    memoryFirst,
  );
  const { fields, running, busy, error } = form;
  const keychainLabel =
    purpose === 'save' ? 'Save in keychain' : memoryFirst ? 'Save in keychain and sync' : 'Save and sync';

  return (
    <form onSubmit={onSubmit} noValidate aria-label={TITLES[purpose]}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {intro(purpose, memoryFirst)}
        </Text>
        <CredentialSection
          fields={fields}
          errors={errors}
          onChange={form.edit}
          disabled={busy}
          keyRequired={keyRequired}
          keyHint={apiKeyPlaceholder(account, problem)}
          secretsCleared={form.secretsCleared}
          failures={form.failures}
          autoFocus={keyRequired ? 'apiKey' : 'apiSecret'}
          leading={
            <Text size="sm" data-testid="credentials-account">
              <Text span fw={600} inherit>
                {account.label}
              </Text>{' '}
              · {serviceHost(account.baseUrl)}
            </Text>
          }
          error={error}
          onContinueSessionOnly={continueSessionOnly}
          continuing={running === 'sessionOnly'}
          actions={
            <Group justify="flex-end" gap="sm">
              <Button variant="subtle" color="gray" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              {purpose === 'sync' && !memoryFirst && (
                <Button
                  variant="default"
                  loading={running === 'sessionOnly'}
                  disabled={busy && running !== 'sessionOnly'}
                  onClick={() => submit(true)}
                >
                  Sync for this session only
                </Button>
              )}
              {memoryFirst && (
                <Button
                  variant="default"
                  loading={running === 'submit'}
                  disabled={busy && running !== 'submit'}
                  onClick={() => submit(false)}
                >
                  {keychainLabel}
                </Button>
              )}
              <Button type="submit" loading={running === (memoryFirst ? 'sessionOnly' : 'submit')} disabled={busy}>
                {memoryFirst ? 'Sync for this session only' : keychainLabel}
              </Button>
            </Group>
          }
        />
      </Stack>
    </form>
  );
}
