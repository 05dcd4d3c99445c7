/**
 * One account's line in Settings → Network: the extra certificate it trusts (or that it trusts only the computer's),
 * the form to trust one — refused with the main process's reason when the text is not PEM, not a CA, expired or not
 * yet valid — and removing it.
 */
import { Alert, Badge, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { AccountSummary, ExtraCaCertificate } from '../../../shared/ipc-contract';
import { EXTRA_CA_OPTION } from '../../../shared/extra-ca-setting';
import { call } from '../common/bridge';
import { errorTitle } from '../common/error-title';
import { formatIsoDay } from '../common/format';
import { notify, notifyError } from '../common/notify';
import { AlertIcon, CertificateIcon, CopyIcon, TrashIcon } from '../common/icons';
import { useBridgeQuery } from '../common/use-bridge-query';
import { extraCaPemError } from './extra-ca-pem';
import { ExtraCaPicker, ExtraCaWarning } from './extra-ca-picker';

/** Props of {@link AccountExtraCa}. */
export interface AccountExtraCaProps {
  account: AccountSummary;
  /** The account's name and service, as the line's heading. */
  title: string;
}

function CertificateFacts({ certificate }: { certificate: ExtraCaCertificate }) {
  return (
    <Stack gap={4} data-testid="extra-ca-certificate">
      <Group gap={6}>
        <CertificateIcon size={16} />
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {certificate.subject}
        </Text>
        {certificate.expired && (
          <Badge color="red" variant="light" size="sm">
            Expired
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        Issued by {certificate.issuer} · valid until {formatIsoDay(certificate.validTo.slice(0, 10))}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          SHA-256
        </Text>
        <Code style={{ overflowWrap: 'anywhere', flex: 1 }} data-testid="extra-ca-fingerprint">
          {certificate.fingerprint}
        </Code>
        <CopyButton value={certificate.fingerprint}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="default" leftSection={<CopyIcon size={12} />} onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** The extra certificate of one account, and the ways to change it. */
export function AccountExtraCa({ account, title }: AccountExtraCaProps) {
  const [version, setVersion] = useState(0);
  const info = useBridgeQuery(() => call('getExtraCa', { accountId: account.id }), `${account.id}|${version}`);
  const [editing, setEditing] = useState(false);
  const [pem, setPem] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [working, setWorking] = useState<'trust' | 'remove' | null>(null);
  const trusted = info.data?.certificates ?? [];

  const close = () => {
    setEditing(false);
    setPem('');
    setRefusal(null);
  };

  const trust = async () => {
    const local =
      extraCaPemError(pem) ?? (pem.trim() === '' ? 'Choose a certificate file or paste its text first.' : null);
    setRefusal(local);
    if (local !== null) return;
    setWorking('trust');
    const result = await call('trustExtraCa', { accountId: account.id, pem });
    setWorking(null);
    if (!result.ok) {
      setRefusal(result.error.message);
      return;
    }
    close();
    setVersion((v) => v + 1);
    notify({
      kind: 'certificate',
      tone: 'success',
      title: 'Certificate trusted',
      message: `${account.label} now also trusts “${result.value.certificates[0]?.subject ?? ''}”.`,
    });
  };

  const remove = async () => {
    setWorking('remove');
    const result = await call('removeExtraCa', { accountId: account.id });
    setWorking(null);
    if (!result.ok) {
      notifyError('certificate', result.error);
      return;
    }
    setVersion((v) => v + 1);
    notify({
      kind: 'certificate',
      tone: 'success',
      message: `${account.label} trusts only your computer’s certificates again.`,
    });
  };

  return (
    <Stack gap="xs" data-testid="extra-ca-account" data-account-id={account.id}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {info.error && (
        <Alert color="red" variant="light" icon={<AlertIcon />} title={errorTitle(info.error.code)}>
          {info.error.message}
        </Alert>
      )}
      {info.status === 'success' && trusted.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="extra-ca-none">
          Trusts only the certificates of your computer.
        </Text>
      )}
      {trusted.map((certificate) => (
        <CertificateFacts key={certificate.fingerprint} certificate={certificate} />
      ))}
      {editing ? (
        <Stack gap="xs">
          <ExtraCaWarning />
          <ExtraCaPicker value={pem} onChange={setPem} error={refusal} disabled={working !== null} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={close} disabled={working !== null}>
              Cancel
            </Button>
            <Button
              size="xs"
              leftSection={<CertificateIcon size={14} />}
              loading={working === 'trust'}
              onClick={() => void trust()}
            >
              Trust this certificate
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<CertificateIcon size={14} />}
            onClick={() => setEditing(true)}
            disabled={working !== null}
          >
            {trusted.length === 0 ? `${EXTRA_CA_OPTION}…` : 'Replace the certificate…'}
          </Button>
          {trusted.length > 0 && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<TrashIcon size={14} />}
              loading={working === 'remove'}
              onClick={() => void remove()}
            >
              Stop trusting it
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
