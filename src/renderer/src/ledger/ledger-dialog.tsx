/**
 * "Ledger file…" on Payouts and Books (L3): the period's payouts of one currency (a bank account holds one currency)
 * as a file a bookkeeping program imports — Xero's bank statement CSV, QuickBooks Online's bank CSV, or a balanced
 * journal with the accounts named in Settings. The same files as the command line's `ledger`.
 */
import { Button, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { DayRange } from '../../../shared/dates';
import type { LedgerFormat } from '../../../shared/ledger';
import { call } from '../common/bridge';
import { announceExport } from '../common/export-notice';
import { pluralize } from '../common/format';
import { DownloadIcon } from '../common/icons';
import { usePreferences } from '../common/preferences-context';

const FORMATS: { value: LedgerFormat; label: string; description: string }[] = [
  { value: 'xero', label: 'Xero bank statement (CSV)', description: 'Date, Amount, Payee, Description, Reference' },
  { value: 'qbo', label: 'QuickBooks Online bank file (CSV)', description: 'Date, Description, Amount' },
  { value: 'journal', label: 'Journal (CSV)', description: 'Each payout as a balanced debit and credit' },
];

/** How a payout becomes lines: whole, or split by the category or collection of its sales. */
const LINES = [
  { value: 'payout', label: 'One per payout' },
  { value: 'category', label: 'Per payout and category' },
  { value: 'collection', label: 'Per payout and collection' },
] as const;

/** Props of {@link LedgerDialog}. */
export interface LedgerDialogProps {
  opened: boolean;
  onClose: () => void;
  range: DayRange;
  periodLabel: string;
  /** The currencies of the period's payouts, the first chosen at first. */
  currencies: string[];
}

/** The dialog: format and currency, then the save dialog. */
export function LedgerDialog({ opened, onClose, range, periodLabel, currencies }: LedgerDialogProps) {
  const { prefs } = usePreferences();
  const [format, setFormat] = useState<LedgerFormat>('xero');
  const [chosen, setChosen] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);
  const [lines, setLines] = useState<(typeof LINES)[number]['value']>('payout');
  const currency = chosen !== null && currencies.includes(chosen) ? chosen : (currencies[0] ?? null);

  const write = async () => {
    if (currency === null) return;
    setWriting(true);
    const split = lines === 'payout' ? {} : { split: lines };
    const written = await call('exportLedger', { format, currency, ...range, ...split });
    setWriting(false);
    const what = (count: number) =>
      lines === 'payout'
        ? pluralize(count, 'payout', 'payouts')
        : pluralize(count, `line by ${lines}`, `lines by ${lines}`);
    if (
      announceExport(written, 'Ledger file written', (count) => `Wrote ${what(count)} in ${currency} of ${periodLabel}`)
    )
      onClose();
  };

  return (
    <Modal opened={opened} onClose={() => !writing && onClose()} title={`Ledger file of ${periodLabel}`} centered>
      <Stack gap="md">
        <Radio.Group label="Format" value={format} onChange={(value) => setFormat(value as LedgerFormat)}>
          <Stack gap="xs" mt={6}>
            {FORMATS.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} description={choice.description} />
            ))}
          </Stack>
        </Radio.Group>
        <Select
          label="Currency"
          description="A bank account holds one currency: the file has that currency's payouts received in the period."
          data={currencies}
          value={currency}
          onChange={setChosen}
          allowDeselect={false}
          data-testid="ledger-currency"
        />
        <Select
          label="Lines"
          description="One line per payout, or each payout split by the category or collection of its sales."
          data={LINES}
          value={lines}
          onChange={(value) => setLines(LINES.find((choice) => choice.value === value)?.value ?? 'payout')}
          allowDeselect={false}
          data-testid="ledger-lines"
        />
        <Text size="xs" c="dimmed">
          Dates are written {prefs.ledgerDateFormat}
          {format === 'journal'
            ? `; the journal debits “${prefs.journalBankAccount}” and credits “${prefs.journalIncomeAccount}”`
            : ''}
          . Change these under Settings → Ledger files.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={writing}>
            Cancel
          </Button>
          <Button
            leftSection={<DownloadIcon size={14} />}
            loading={writing}
            disabled={currency === null}
            onClick={() => void write()}
          >
            Write ledger file
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
