/**
 * How the sign-in forms show a failure: a heading that names the step that failed, the sentence
 * from the main process that says what to do, and — when only the keychain failed — the way to
 * carry on with the credentials held in memory until the app quits.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import type { AppErrorData } from '../../../shared/errors';
import { AlertIcon } from '../common/icons';
import { offersSessionOnly, signInFailureTitle } from './sign-in-steps';

/** Props of {@link SignInErrorAlert}. */
export interface SignInErrorAlertProps {
  error: AppErrorData;
  /** Retries without the keychain; the button shows only for a keychain failure. */
  onContinueSessionOnly?: () => void;
  continuing?: boolean;
  disabled?: boolean;
}

/** The step-titled failure notice of the sign-in and sign-in-again screens. */
export function SignInErrorAlert({ error, onContinueSessionOnly, continuing = false, disabled = false }: SignInErrorAlertProps) {
  const canContinue = onContinueSessionOnly !== undefined && offersSessionOnly(error.code);
  return (
    <Alert color="red" variant="light" title={signInFailureTitle(error.code)} icon={<AlertIcon />} data-testid="sign-in-error" data-error-code={error.code}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{error.message}</Text>
        {canContinue && (
          <>
            <Text size="sm" c="dimmed">
              Your credentials are then kept in memory until you quit, and asked for again the next time.
            </Text>
            <Button size="sm" loading={continuing} disabled={disabled && !continuing} onClick={onContinueSessionOnly}>
              Continue for this session only
            </Button>
          </>
        )}
      </Stack>
    </Alert>
  );
}
