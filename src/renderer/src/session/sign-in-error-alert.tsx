/**
 * How the sign-in forms show a failure: a heading that names the step that failed, the sentence
 * from the main process that says what to do, and — when only the keychain failed — the way to
 * carry on with the credentials held in memory until the app quits. A certificate failure on a
 * screen that offers "Trust an extra certificate (PEM)" itself opens that option at once: before
 * the account is saved, and while it waits to be signed in again, Settings (where the main
 * process's sentence points) cannot be reached.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import type { AppErrorData } from '../../../shared/errors';
import { EXTRA_CA_OPTION } from '../../../shared/extra-ca-setting';
import { AlertIcon, CertificateIcon } from '../common/icons';
import { offersSessionOnly, signInFailureTitle } from './sign-in-steps';

/** Props of {@link SignInErrorAlert}. */
export interface SignInErrorAlertProps {
  error: AppErrorData;
  /** Retries without the keychain; the button shows only for a keychain failure. */
  onContinueSessionOnly?: () => void;
  continuing?: boolean;
  disabled?: boolean;
  /** Offered only for a certificate failure: where the option is on this screen, and what opens it. */
  trustCertificate?: TrustCertificateOffer | undefined;
}

/** A screen's own "Trust an extra certificate (PEM)", offered by its certificate failure. */
export interface TrustCertificateOffer {
  /** Says where the option is, since Settings may not be reachable from this screen. */
  note: string;
  open: () => void;
}

/** The step-titled failure notice of the sign-in and sign-in-again screens. */
export function SignInErrorAlert({
  error,
  onContinueSessionOnly,
  continuing = false,
  disabled = false,
  trustCertificate,
}: SignInErrorAlertProps) {
  const canContinue = onContinueSessionOnly !== undefined && offersSessionOnly(error.code);
  const trust = error.code === 'TLS_FAILURE' ? trustCertificate : undefined;
  return (
    <Alert
      color="red"
      variant="light"
      title={signInFailureTitle(error.code)}
      icon={<AlertIcon />}
      data-testid="sign-in-error"
      data-error-code={error.code}
    >
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
        {trust && (
          <>
            <Text size="sm">{trust.note}</Text>
            <Button
              size="sm"
              variant="light"
              leftSection={<CertificateIcon size={16} />}
              disabled={disabled}
              onClick={trust.open}
            >
              {EXTRA_CA_OPTION}…
            </Button>
          </>
        )}
      </Stack>
    </Alert>
  );
}
