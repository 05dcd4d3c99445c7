/**
 * "Changed since last sync": what the cache recorded the service changing on cached sales — commission and payment
 * statuses (pending to approved, pending to paid, …), amounts and currencies, payment and transaction dates (R2) —
 * and the sales it stopped (or started again) reporting, newest first, so an affiliate sees at a glance what moved
 * after a routine sync or a re-check alike. A change to a sale that had been paid is flagged as restating a paid
 * period. A row opens the sale, by click or with Enter or Space; the rows are one tab stop, the arrow keys move
 * between them. Above the list, "Statuses checked …" says how current the cached statuses are (T3).
 */
import { Badge, EmptyState, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import type { ChangesQuery } from '../../../../shared/sales-query';
import type { SaleChange } from '../../../../shared/sales-query-types';
import { call } from '../../common/bridge';
import { ErrorState } from '../../common/error-state';
import { formatDateTime, formatDecimalMoney, formatIsoDay, MISSING, pluralize } from '../../common/format';
import { HistoryIcon } from '../../common/icons';
import { isDocumentedStatus } from '../../common/status-text';
import { isStatusChange } from '../../../../shared/sale-changes';
import { useBridgeQuery } from '../../common/use-bridge-query';
import { ROVING_ITEM, useRovingFocus } from '../../common/use-roving-focus';
import { useSyncState } from '../../sync';
import { StatusesCheckedText } from '../freshness';
import { changeFieldLabel, changeValueText, restatementText } from './change-text';
import classes from './changes-view.module.css';
import { NO_LONGER_REPORTED } from './no-longer-reported';

const LIMIT = 500;
const SPANS = [
  { value: 'last-sync', label: 'During the last sync' },
  { value: '1', label: 'In the last 24 hours' },
  { value: '7', label: 'In the last 7 days' },
  { value: '30', label: 'In the last 30 days' },
] as const;

/** Props of {@link ChangesView}. */
export interface ChangesViewProps {
  /** Opens the sale with this reference. */
  onOpenSale: (reference: string) => void;
}

const STATUS_COLORS: Record<string, string> = {
  approved: 'green',
  paid: 'green',
  pending: 'yellow',
  declined: 'red',
  reported: 'teal',
  [NO_LONGER_REPORTED]: 'orange',
};

/** True for a status value the spec does not list: shown verbatim, case kept, in an outlined badge. */
function undocumented(field: SaleChange['field'], value: string | null): boolean {
  if (!isStatusChange(field) || value === null || value === '') return false;
  return !isDocumentedStatus(field === 'commissionStatus' ? 'commission' : 'payment', value);
}

/** One side of a change: a status in its colour, anything else (an amount, a currency, a day) in a plain badge. */
function ChangeValue({
  field,
  value,
  currency,
}: {
  field: SaleChange['field'];
  value: string | null;
  currency: string | null;
}) {
  const odd = undocumented(field, value);
  const colored = isStatusChange(field) || field === 'reported';
  return (
    <Badge
      size="sm"
      variant={odd ? 'outline' : 'light'}
      tt={colored && !odd && field !== 'reported' ? undefined : 'none'}
      color={colored && value ? (STATUS_COLORS[value] ?? 'gray') : 'gray'}
      style={{ flexShrink: 0, overflow: 'visible' }}
      title={odd ? `“${value}” is not a documented status; shown exactly as the service sent it.` : undefined}
      data-testid="change-value"
    >
      {changeValueText(field, value, currency)}
    </Badge>
  );
}

/** The flag of a change to a paid sale (R2): its payout, already reported, no longer matches the cache. */
function RestatementBadge({ change }: { change: SaleChange }) {
  const text = restatementText(change);
  if (text === null) return null;
  return (
    <Badge
      size="sm"
      variant="light"
      color="red"
      tt="none"
      style={{ flexShrink: 0, overflow: 'visible' }}
      mt={4}
      display="flex"
      w="max-content"
      title="This sale had been paid when the service changed it: the payout of its payment date, as reported before, no longer matches what the cache now holds."
      data-testid="change-restatement"
    >
      {text}
    </Badge>
  );
}

/** "4 changes, 1 restating a paid period": the list's count, restatements named apart so they cannot hide. */
function countText(changes: readonly SaleChange[]): string {
  const restated = changes.filter((c) => c.restatement).length;
  const all = pluralize(changes.length, 'change', 'changes');
  return restated === 0 ? all : `${all}, ${pluralize(restated, 'restating a paid period', 'restating paid periods')}`;
}

/** Newest first (the log answers oldest first), so the latest news is on top. */
function newestFirst(changes: readonly SaleChange[]): SaleChange[] {
  return [...changes].sort((a, b) => (a.changedAt === b.changedAt ? b.id - a.id : a.changedAt < b.changedAt ? 1 : -1));
}

/** The request for `span`, its start measured from the moment it is sent rather than from a render. */
function changesRequest(span: string): ChangesQuery {
  if (span === 'last-sync') return { limit: LIMIT };
  return { since: new Date(Date.now() - Number(span) * 86_400_000).toISOString(), limit: LIMIT };
}

/** The list of changes. */
export function ChangesView({ onOpenSale }: ChangesViewProps) {
  const sync = useSyncState();
  const [span, setSpan] = useState<string>('last-sync');
  const query = useBridgeQuery(() => call('salesChanges', changesRequest(span)), `${span}|${sync.dataVersion}`);
  const changes: SaleChange[] = newestFirst(query.data ?? []);
  const roving = useRovingFocus(changes.length);
  // As a button does: Enter opens on key down, Space on key up (so its key up cannot land in the opened drawer).
  const openOnKey = (reference: string) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === ' ') event.preventDefault();
    if ((event.type === 'keydown' && event.key === 'Enter') || (event.type === 'keyup' && event.key === ' '))
      onOpenSale(reference);
  };

  return (
    <Stack gap="sm" style={{ flex: 1, minHeight: 0 }} data-testid="changes-view">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} maw={600}>
          <Text size="sm" c="dimmed">
            Commissions get approved or declined, payments made and amounts corrected weeks or months after the sale.
            Every sync fetches the last weeks again and checks every open sale however old; a re-check fetches a whole
            period again. These are the changes they found, and the sales the service stopped reporting; a change to a
            sale already paid restates a paid period and is marked so.
          </Text>
          <StatusesCheckedText filter={{}} />
        </Stack>
        <Select
          label="Changes"
          size="xs"
          w={200}
          data={SPANS.map((s) => ({ value: s.value, label: s.label }))}
          value={span}
          allowDeselect={false}
          onChange={(value) => value && setSpan(value)}
        />
      </Group>
      {query.status === 'error' && query.error ? (
        <ErrorState error={query.error} title="Changes could not be loaded" onRetry={query.reload} />
      ) : query.data === null ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : changes.length === 0 ? (
        <EmptyState
          icon={<HistoryIcon size={28} />}
          title={span === 'last-sync' ? 'Nothing changed in the last sync' : 'No changes in this period'}
          description={
            sync.status?.lastSyncedAt
              ? 'Sync again later to check for approvals, declines and payments.'
              : 'Changes appear here after the second sync of this account: the first one has nothing to compare with.'
          }
          py="xl"
          data-testid="changes-empty"
        />
      ) : (
        <>
          <Text size="xs" c="dimmed" data-testid="changes-count">
            {countText(changes)}
            {changes.length >= LIMIT
              ? ` (the first ${LIMIT} of this period; choose a shorter one to see the latest)`
              : ''}
          </Text>
          <Table.ScrollContainer minWidth={880} style={{ flex: 1, minHeight: 0 }}>
            <Table striped highlightOnHover stickyHeader tabularNums fz="sm" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Changed</Table.Th>
                  <Table.Th>Reference</Table.Th>
                  <Table.Th>Change</Table.Th>
                  <Table.Th>Sale date</Table.Th>
                  <Table.Th ta="right">Commission</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody onKeyDown={roving.onKeyDown}>
                {changes.map((change, index) => (
                  <Table.Tr
                    key={change.id}
                    className={classes.row}
                    onClick={() => onOpenSale(change.reference)}
                    onKeyDown={openOnKey(change.reference)}
                    onKeyUp={openOnKey(change.reference)}
                    tabIndex={roving.tabIndexOf(index)}
                    onFocus={() => roving.onItemFocus(index)}
                    {...{ [ROVING_ITEM]: '' }}
                    data-testid="change-row"
                    data-reference={change.reference}
                    data-changed-at={change.changedAt}
                    data-restatement={change.restatement ? 'true' : undefined}
                  >
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(change.changedAt)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{change.reference}</Table.Td>
                    <Table.Td miw={360} style={{ whiteSpace: 'nowrap' }} data-testid="change-description">
                      {/* Its own width, so the table makes room for the longest change instead of letting badges overlap. */}
                      <Group gap={6} wrap="nowrap" w="max-content">
                        <Text span size="sm" c="dimmed" miw={84} style={{ flexShrink: 0 }} data-testid="change-field">
                          {changeFieldLabel(change.field)}
                          {change.field === 'reported' ? ':' : ''}
                        </Text>
                        <ChangeValue field={change.field} value={change.oldValue} currency={change.oldCurrency} />
                        <Text span size="sm" c="dimmed" aria-label="changed to">
                          →
                        </Text>
                        <ChangeValue field={change.field} value={change.newValue} currency={change.newCurrency} />
                      </Group>
                      {/* Under the change, so the flag takes no width from the other columns. */}
                      <RestatementBadge change={change} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatIsoDay(change.transactionDate)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {change.commission === null ? MISSING : formatDecimalMoney(change.commission, change.currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
