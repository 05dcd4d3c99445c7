/**
 * "Match bank statement…" on Payouts (L4): choose the statement CSV your bank exported; its first rows are shown with
 * how they are read (columns, separator, decimal comma, date layout — detected, or remembered for that bank, and
 * changeable); then the payouts of its days are matched to its lines and the results shown. The statement is stored
 * apart from the sales and never changes them; importing it again adds nothing.
 */
import {
  Button,
  FileInput,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import {
  STATEMENT_DATE_FORMATS,
  type MatchReport,
  type PayoutLine,
  type StatementLayout,
  type StatementMatch,
  type StatementPreview,
} from '../../../shared/bank';
import type { BankStatementInput } from '../../../shared/ipc-requests';
import { call } from '../common/bridge';
import { announceExport } from '../common/export-notice';
import { fileNameOf, pluralize } from '../common/format';
import { DownloadIcon, FileUploadIcon } from '../common/icons';
import { notifyError } from '../common/notify';
import { BankMatchResults } from './bank-match-results';

/** Statements this large are refused before they are read (the main process says the same). */
const MAX_BYTES = 10 * 1024 * 1024;

const SEPARATORS = [
  { value: ',', label: 'Comma' },
  { value: ';', label: 'Semicolon' },
  { value: '\t', label: 'Tab' },
];

function base64Of(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function Preview({ preview }: { preview: StatementPreview }) {
  return (
    <Table.ScrollContainer minWidth={480} mah={180}>
      <Table withTableBorder data-testid="bank-preview" fz="xs">
        <Table.Thead>
          <Table.Tr>
            {preview.header.map((name, i) => (
              <Table.Th key={i}>{name}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.preview.map((row, r) => (
            <Table.Tr key={r}>
              {preview.header.map((_, i) => (
                <Table.Td key={i}>{row[i] ?? ''}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Mapping({
  preview,
  onChange,
}: {
  preview: StatementPreview;
  onChange: (layout: Partial<StatementLayout>) => void;
}) {
  const columns = preview.header.map((name, i) => ({ value: String(i), label: name || `Column ${i + 1}` }));
  const { layout } = preview;
  const column = (label: string, key: 'date' | 'description' | 'amount') => (
    <Select
      label={label}
      data={columns}
      value={String(layout[key])}
      allowDeselect={false}
      onChange={(value) => value !== null && onChange({ [key]: Number(value) })}
    />
  );
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
      {column('Date', 'date')}
      {column('Description', 'description')}
      {column('Amount', 'amount')}
      <Select
        label="Currency column"
        data={[{ value: 'none', label: 'None: one currency' }, ...columns]}
        value={layout.currency === null ? 'none' : String(layout.currency)}
        allowDeselect={false}
        onChange={(value) => value !== null && onChange({ currency: value === 'none' ? null : Number(value) })}
      />
      <Select
        label="Separator"
        data={SEPARATORS}
        value={layout.separator}
        allowDeselect={false}
        onChange={(value) => value !== null && onChange({ separator: value as StatementLayout['separator'] })}
      />
      <Select
        label="Dates"
        data={[...STATEMENT_DATE_FORMATS]}
        value={layout.dateFormat}
        allowDeselect={false}
        onChange={(value) => value !== null && onChange({ dateFormat: value as StatementLayout['dateFormat'] })}
      />
      <Switch
        label="Decimal comma"
        checked={layout.decimalComma}
        onChange={(event) => onChange({ decimalComma: event.currentTarget.checked })}
        mt="lg"
      />
    </SimpleGrid>
  );
}

/** Props of {@link BankMatchDialog}. */
export interface BankMatchDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** Every currency the browser knows, for a statement with no currency column. */
const CURRENCIES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : ['EUR', 'USD'];

/** The dialog. */
export function BankMatchDialog({ opened, onClose }: BankMatchDialogProps) {
  const [file, setFile] = useState<{ name: string; data: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [currency, setCurrency] = useState<string | null>(null);
  const [layout, setLayout] = useState<Partial<StatementLayout>>({});
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [rules, setRules] = useState({ days: 10, tolerance: '0.00', payer: '' });
  const [result, setResult] = useState<StatementMatch | null>(null);
  const [busy, setBusy] = useState(false);

  const request = (data: { name: string; data: string }, next: Partial<StatementLayout>, code: string | null) =>
    ({
      fileName: data.name,
      data: data.data,
      currency: code,
      layout: next,
      days: rules.days,
      tolerance: rules.tolerance,
      payer: rules.payer.trim() === '' ? null : rules.payer.trim(),
    }) satisfies BankStatementInput;

  const read = async (data: { name: string; data: string }, next: Partial<StatementLayout>, code: string | null) => {
    setBusy(true);
    const answer = await call('previewBankStatement', request(data, next, code));
    setBusy(false);
    setResult(null);
    if (!answer.ok) return setFileError(answer.error.message);
    setFileError(null);
    setPreview(answer.value);
  };

  const choose = async (chosen: File | null) => {
    setFileError(null);
    setPreview(null);
    setResult(null);
    setLayout({});
    if (chosen === null) return setFile(null);
    if (chosen.size > MAX_BYTES)
      return setFileError(`“${chosen.name}” is larger than a bank statement can be (10 MB). Export a shorter period.`);
    const data = { name: chosen.name, data: base64Of(await chosen.arrayBuffer()) };
    setFile(data);
    await read(data, {}, currency);
  };

  const match = async () => {
    if (file === null) return;
    setBusy(true);
    const answer = await call('matchBankStatement', request(file, layout, currency));
    setBusy(false);
    if (!answer.ok) return setFileError(answer.error.message);
    setResult(answer.value);
  };

  const range = (matched: StatementMatch) => ({
    from: matched.from,
    to: matched.to,
    currencies: matched.currencies,
    days: rules.days,
    tolerance: rules.tolerance,
    payer: rules.payer.trim() === '' ? null : rules.payer.trim(),
  });

  const setMatch = async (payout: PayoutLine, lineKey: string | null) => {
    if (result === null) return;
    setBusy(true);
    const { paymentDate, currency: code } = payout;
    const answer = await call('setBankMatch', { ...range(result), paymentDate, currency: code, lineKey });
    setBusy(false);
    if (!answer.ok) return notifyError('bank-match', answer.error);
    setResult({ ...result, report: answer.value satisfies MatchReport });
  };

  const exportReport = async () => {
    if (result === null) return;
    const written = await call('exportBankMatch', range(result));
    announceExport(written, 'Match report exported', (_count, path) => `Exported to ${fileNameOf(path)}`);
  };

  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title="Match a bank statement" size="xl" centered>
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <FileInput
            label="Bank statement (CSV)"
            description="As your bank exports it. It is kept apart from your sales."
            placeholder="Choose a CSV file"
            accept=".csv,text/csv,text/plain"
            leftSection={<FileUploadIcon size={16} />}
            onChange={(chosen) => void choose(chosen)}
            error={fileError}
            disabled={busy}
            w={320}
            data-testid="bank-file"
          />
          <Select
            label="Account currency"
            description="When the statement has no currency column."
            data={CURRENCIES}
            value={currency}
            searchable
            onChange={(value) => {
              setCurrency(value);
              if (file !== null) void read(file, layout, value);
            }}
            clearable
            w={200}
            data-testid="bank-currency"
          />
        </Group>
        {preview !== null && (
          <>
            <Preview preview={preview} />
            <Mapping
              preview={preview}
              onChange={(change) => {
                const next = { ...layout, ...change };
                setLayout(next);
                if (file !== null) void read(file, next, currency);
              }}
            />
            <Group align="flex-end" gap="sm" wrap="wrap">
              <NumberInput
                label="Days to arrive"
                min={0}
                max={60}
                value={rules.days}
                onChange={(value) => setRules({ ...rules, days: typeof value === 'number' ? value : 10 })}
                w={130}
              />
              <TextInput
                label="Tolerance (fees)"
                value={rules.tolerance}
                onChange={(event) => setRules({ ...rules, tolerance: event.currentTarget.value })}
                error={/^\d+(\.\d+)?$/.test(rules.tolerance) ? null : 'Enter an amount such as 2.00'}
                w={140}
              />
              <TextInput
                label="Platform’s name in bank text"
                placeholder="e.g. AFFILIATE PLATFORM"
                value={rules.payer}
                onChange={(event) => setRules({ ...rules, payer: event.currentTarget.value })}
                w={260}
              />
              <Button loading={busy} disabled={!/^\d+(\.\d+)?$/.test(rules.tolerance)} onClick={() => void match()}>
                Match payouts
              </Button>
            </Group>
          </>
        )}
        {result !== null && (
          <>
            <Text size="sm" c="dimmed">
              {pluralize(result.lines, 'bank line', 'bank lines')} from {result.from} to {result.to} (
              {pluralize(result.added, 'new one', 'new ones')} stored).
            </Text>
            <BankMatchResults report={result.report} onMatch={(p, key) => void setMatch(p, key)} busy={busy} />
            <Group justify="flex-end">
              <Button variant="light" leftSection={<DownloadIcon size={14} />} onClick={() => void exportReport()}>
                Export match report (CSV)
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
