/**
 * How every screen shows a failed load: what happened, the sentence from the main process that
 * says what to do, and a Retry button — so no screen ends in a dead end.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import type { AppErrorData } from '../../../shared/errors';
import { errorTitle } from './error-title';
import { AlertIcon } from './icons';

/** Props of {@link ErrorState}. */
export interface ErrorStateProps {
  error: AppErrorData;
  /** Overrides the heading derived from the error code. */
  title?: string;
  onRetry?: () => void;
  retryLabel?: string;
}

/** A red notice with the error's message and an optional Retry button. */
export function ErrorState({ error, title, onRetry, retryLabel = 'Retry' }: ErrorStateProps) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={title ?? errorTitle(error.code)}
      icon={<AlertIcon />}
      data-testid="error-state"
      data-error-code={error.code}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{error.message}</Text>
        {onRetry && (
          <Button size="xs" color="red" variant="outline" onClick={onRetry}>
            {retryLabel}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
