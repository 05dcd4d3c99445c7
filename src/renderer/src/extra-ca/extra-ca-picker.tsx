/**
 * Where a person gives an extra CA certificate, on the sign-in form and in Settings → Network alike: a file chooser
 * and a box to paste the PEM text into (the file's text lands in the box, so what is trusted is always visible), and
 * the plain warning of what trusting a certificate means. A certificate is public, so its text may sit in the
 * renderer; the main process checks it (PEM, a CA, valid today) before anything is stored.
 */
import { Alert, FileInput, Stack, Text, Textarea } from '@mantine/core';
import { useState, type Ref } from 'react';
import { AlertIcon, FileUploadIcon } from '../common/icons';

/** Largest file read into the box: the main process accepts at most this much PEM text. */
export const EXTRA_CA_MAX_BYTES = 65_536;

/** Props of {@link ExtraCaPicker}. */
export interface ExtraCaPickerProps {
  value: string;
  onChange: (text: string) => void;
  /** Why the text was refused (by the form or by the main process), or null. */
  error: string | null;
  disabled?: boolean;
  /** Reaches the PEM box, so a form can move focus to it. */
  ref?: Ref<HTMLTextAreaElement>;
}

/** The file chooser and the PEM box. */
export function ExtraCaPicker({ value, onChange, error, disabled = false, ref }: ExtraCaPickerProps) {
  const [fileError, setFileError] = useState<string | null>(null);

  const choose = async (file: File | null) => {
    setFileError(null);
    if (file === null) return;
    if (file.size > EXTRA_CA_MAX_BYTES) {
      setFileError(
        `“${file.name}” is larger than a certificate file can be (64 KB). Choose the root certificate itself, as a PEM (Base-64) file.`,
      );
      return;
    }
    try {
      onChange(await file.text());
    } catch {
      setFileError(`“${file.name}” could not be read. Choose it again, or paste its text below.`);
    }
  };

  return (
    <Stack gap="xs">
      <FileInput
        label="Certificate file"
        description="The root certificate your IT department gave you, as a .pem, .crt or .cer file (PEM, Base-64)."
        accept=".pem,.crt,.cer,application/x-pem-file,application/x-x509-ca-cert"
        leftSection={<FileUploadIcon size={16} />}
        onChange={(file) => void choose(file)}
        error={fileError}
        disabled={disabled}
        clearable
        clearButtonProps={{ 'aria-label': 'Forget the chosen file' }}
        data-testid="extra-ca-file"
      />
      <Textarea
        ref={ref}
        label="Certificate (PEM)"
        description="Or paste its text, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----."
        placeholder="-----BEGIN CERTIFICATE-----"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        disabled={disabled}
        autosize
        minRows={3}
        maxRows={6}
        maxLength={EXTRA_CA_MAX_BYTES}
        spellCheck={false}
        autoComplete="off"
        styles={{
          input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' },
        }}
      />
    </Stack>
  );
}

/** What trusting a certificate means, said before it is done. */
export function ExtraCaWarning() {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<AlertIcon />}
      title="Only trust a certificate you were given on purpose"
    >
      <Text size="sm">
        Whoever holds the key of a certificate you trust can read and change everything this account sends and receives
        — your API key and secret and your sales included. Add only your organisation’s own root certificate, from your
        IT department, and check that its fingerprint matches theirs.
      </Text>
    </Alert>
  );
}
