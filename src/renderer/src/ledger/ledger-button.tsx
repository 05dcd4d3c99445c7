/**
 * "Ledger file…" under the bridge on Books: the payouts received in the bridge's period, in the currencies that had
 * any, through the same dialog as Payouts. Hidden while nothing was received in the period.
 */
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { PeriodOfData } from '../common/period-of-data';
import { call } from '../common/bridge';
import { DownloadIcon } from '../common/icons';
import { useBridgeQuery } from '../common/use-bridge-query';
import { LedgerDialog } from './ledger-dialog';

/** The button and its dialog for the payouts of `range`. */
export function LedgerButton({ range, periodLabel, dataVersion }: PeriodOfData) {
  const [open, setOpen] = useState(false);
  const report = useBridgeQuery(() => call('payoutReport', range), `${range.from}/${range.to}/${dataVersion}`, {
    deferred: true,
  });
  // Received payouts only: one announced for a later day is not in the bank yet, so not in a ledger file.
  const currencies = [
    ...new Set((report.data?.payouts ?? []).filter((p) => !p.scheduled).map((p) => p.currency)),
  ].sort();
  if (currencies.length === 0) return null;
  return (
    <Group justify="flex-end">
      <Button size="xs" variant="light" leftSection={<DownloadIcon size={14} />} onClick={() => setOpen(true)}>
        Ledger file…
      </Button>
      <LedgerDialog
        opened={open}
        onClose={() => setOpen(false)}
        range={range}
        periodLabel={periodLabel}
        currencies={currencies}
      />
    </Group>
  );
}
