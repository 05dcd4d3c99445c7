/**
 * Confirms signing out of an account and asks the one question that matters: keep this account's
 * cached sales on this computer (to sign in again later and find them there) or delete them too.
 */
import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import type { AccountSummary, SignOutInput } from '../../../shared/ipc-contract';
import { errorTitle } from '../common/error-title';
import { AlertIcon } from '../common/icons';
import { signOutQuestion } from './account-text';

/** Props of {@link SignOutModal}. */
export interface SignOutModalProps {
  /** The account to sign out of; the modal is closed while null. */
  account: AccountSummary | null;
  onClose: () => void;
  /** Signs out; resolves to an error to show, or null once done. */
  onSignOut: (input: SignOutInput) => Promise<AppErrorData | null>;
}

/** The "Sign out of …?" confirmation with its two choices and Cancel. */
export function SignOutModal({ account, onClose, onSignOut }: SignOutModalProps) {
  const [running, setRunning] = useState<'keep' | 'delete' | null>(null);
  const [error, setError] = useState<AppErrorData | null>(null);
  const [shown, setShown] = useState<AccountSummary | null>(account);
  if (account !== null && account !== shown) setShown(account);

  const close = () => {
    if (running !== null) return;
    setError(null);
    onClose();
  };

  const signOut = async (deleteCachedSales: boolean) => {
    if (account === null) return;
    setRunning(deleteCachedSales ? 'delete' : 'keep');
    setError(null);
    const failure = await onSignOut({ accountId: account.id, deleteCachedSales });
    setRunning(null);
    if (failure) setError(failure);
    else onClose();
  };

  return (
    <Modal
      opened={account !== null}
      onClose={close}
      title="Sign out"
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {shown && (
        <Stack gap="md" data-testid="sign-out-modal">
          <Text>{signOutQuestion(shown)}</Text>
          <Text size="sm" c="dimmed">
            Sales already downloaded for this account stay on this computer for offline use unless you delete them too.
            You can sign in again later with your API key and secret.
          </Text>
          {error && (
            <Alert color="red" variant="light" icon={<AlertIcon />} title={errorTitle(error.code)}>
              {error.message}
            </Alert>
          )}
          <Stack gap="xs">
            <Button
              loading={running === 'keep'}
              disabled={running === 'delete'}
              onClick={() => void signOut(false)}
              data-autofocus
            >
              Sign out, keep cached sales
            </Button>
            <Button
              color="red"
              variant="light"
              loading={running === 'delete'}
              disabled={running === 'keep'}
              onClick={() => void signOut(true)}
            >
              Sign out and delete cached sales
            </Button>
            <Button variant="default" onClick={close} disabled={running !== null}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
