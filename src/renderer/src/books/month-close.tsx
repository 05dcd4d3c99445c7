/**
 * Closing a month (B2), on Payouts and on Books: "Close October 2026" records the month's figures per currency as they
 * are; a closed month shows the figures it was closed with and can be reopened after a confirmation. Both are logged
 * in the cache; every screen reads the books again afterwards.
 */
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ClosedMonth, ClosedMonthFigures } from '../../../shared/closed-month';
import { monthRange } from '../../../shared/export-presets';
import { call } from '../common/bridge';
import { formatCount, formatDateTime, formatDecimalMoney } from '../common/format';
import { CheckIcon, LockIcon } from '../common/icons';
import { notify, notifyError } from '../common/notify';
import { useBridgeQuery } from '../common/use-bridge-query';
import { useSyncActions, useSyncState } from '../sync';
import { NUMBER_CELL } from '../common/number-cell';

const FIGURES: readonly { key: Exclude<keyof ClosedMonthFigures, 'currency' | 'sales'>; label: string }[] = [
  { key: 'earned', label: 'Earned' },
  { key: 'declined', label: 'Declined' },
  { key: 'received', label: 'Received' },
  { key: 'receivable', label: 'Receivable at its end' },
];

/** The figures a month was closed with, one row per currency. */
function ClosedFigures({ month }: { month: ClosedMonth }) {
  if (month.figures.length === 0) return <Text size="sm">It had no sales when it was closed.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table withTableBorder data-testid="closed-figures">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Currency</Table.Th>
            <Table.Th style={NUMBER_CELL}>Sales</Table.Th>
            {FIGURES.map((figure) => (
              <Table.Th key={figure.key} style={NUMBER_CELL}>
                {figure.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {month.figures.map((row) => (
            <Table.Tr key={row.currency} data-currency={row.currency}>
              <Table.Td>{row.currency}</Table.Td>
              <Table.Td style={NUMBER_CELL}>{formatCount(row.sales)}</Table.Td>
              {FIGURES.map((figure) => (
                <Table.Td key={figure.key} style={NUMBER_CELL} data-figure={figure.key}>
                  {formatDecimalMoney(row[figure.key], row.currency)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ReopenModal({
  label,
  opened,
  onClose,
  onReopen,
}: {
  label: string;
  opened: boolean;
  onClose: () => void;
  onReopen: () => Promise<void>;
}) {
  const [reopening, setReopening] = useState(false);
  const reopen = async () => {
    setReopening(true);
    await onReopen();
    setReopening(false);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={() => !reopening && onClose()} title={`Reopen ${label}?`} centered>
      <Stack gap="md">
        <Text size="sm">
          The figures {label} was closed with are set aside, and changes to its sales stop being listed as adjustments
          until you close it again. The reopen is logged with the figures it had.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={reopening} data-autofocus>
            Cancel
          </Button>
          <Button color="orange" loading={reopening} onClick={() => void reopen()}>
            Reopen {label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Says whether `month` (`YYYY-MM`, named `label`) is closed, with the action that changes it. */
export function MonthClose({ month, label, today }: { month: string; label: string; today: string }) {
  const sync = useSyncState();
  const { invalidate } = useSyncActions();
  const closed = useBridgeQuery(() => call('closedMonths'), String(sync.dataVersion), { deferred: true });
  const [closing, setClosing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const entry = closed.data?.find((candidate) => candidate.month === month) ?? null;
  const ended = (monthRange(month)?.to ?? today) < today;

  const close = async () => {
    setClosing(true);
    const result = await call('closeMonth', { month });
    setClosing(false);
    if (!result.ok) return notifyError('month-close', result.error);
    notify({
      kind: 'month-close',
      tone: 'success',
      title: `${label} is closed`,
      message: 'Its figures are recorded as they are now. Later changes to its sales are listed under Adjustments.',
    });
    invalidate();
  };
  const reopen = async () => {
    const result = await call('reopenMonth', { month });
    if (!result.ok) return notifyError('month-close', result.error);
    notify({ kind: 'month-close', tone: 'info', message: `${label} is open again. The reopen is logged.` });
    invalidate();
  };

  if (closed.data === null) return null;
  if (entry === null)
    return (
      <Group gap="sm" wrap="wrap" data-testid="month-close" data-closed="false">
        <Button
          size="xs"
          variant="light"
          leftSection={<LockIcon size={14} />}
          loading={closing}
          disabled={!ended}
          onClick={() => void close()}
        >
          Close {label}
        </Button>
        <Text size="xs" c="dimmed">
          {ended
            ? 'Closing records its figures per currency; later changes to its sales become adjustments.'
            : `${label} has not ended yet: it can be closed from the day after its last day.`}
        </Text>
      </Group>
    );
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<CheckIcon size={18} />}
      title={`${label} is closed`}
      data-testid="month-close"
      data-closed="true"
    >
      <Stack gap="xs">
        <Text size="sm">
          Closed {formatDateTime(entry.closedAt)} with these figures. They stay as they were; later changes to its sales
          are listed under Adjustments.
        </Text>
        <ClosedFigures month={entry} />
        <Group>
          <Button size="compact-sm" variant="subtle" color="orange" onClick={() => setConfirming(true)}>
            Reopen {label}…
          </Button>
        </Group>
      </Stack>
      <ReopenModal label={label} opened={confirming} onClose={() => setConfirming(false)} onReopen={reopen} />
    </Alert>
  );
}
