/**
 * "Trust an extra certificate (PEM)" on the sign-in form: before an account exists it has no Settings, so a network
 * that inspects TLS would otherwise lock the user out. Closed until asked for (by its toggle, or by a certificate
 * failure's button); what is given here is sent with the sign-in and kept with the account, where Settings → Network
 * shows, replaces and removes it.
 */
import { Button, Collapse, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { EXTRA_CA_OPTION, EXTRA_CA_PLACE } from '../../../shared/extra-ca-setting';
import { CertificateIcon } from '../common/icons';
import { ExtraCaPicker, ExtraCaWarning } from '../extra-ca';

/** Props of {@link SignInExtraCa}. */
export interface SignInExtraCaProps {
  opened: boolean;
  onToggle: () => void;
  value: string;
  onChange: (text: string) => void;
  error: string | null;
  disabled: boolean;
  /** Grows each time the option is opened from a certificate failure, which moves focus into it. */
  focusRequest: number;
}

/** The sign-in form's extra-certificate option. */
export function SignInExtraCa({
  opened,
  onToggle,
  value,
  onChange,
  error,
  disabled,
  focusRequest,
}: SignInExtraCaProps) {
  const panelId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusRequest > 0) box.current?.focus();
  }, [focusRequest]);

  return (
    <Stack gap="xs" data-testid="sign-in-extra-ca">
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<CertificateIcon size={16} />}
        onClick={onToggle}
        aria-expanded={opened}
        aria-controls={panelId}
        style={{ alignSelf: 'flex-start' }}
        data-testid="sign-in-extra-ca-toggle"
      >
        {EXTRA_CA_OPTION}
        {!opened && value.trim() !== '' ? ' · added' : ''}
      </Button>
      <Collapse expanded={opened} id={panelId} transitionDuration={0}>
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            Only if your organisation inspects secure connections and the connection could not be verified. It is kept
            with this account; later you find it under {EXTRA_CA_PLACE}.
          </Text>
          <ExtraCaWarning />
          <ExtraCaPicker ref={box} value={value} onChange={onChange} error={error} disabled={disabled} />
        </Stack>
      </Collapse>
    </Stack>
  );
}
