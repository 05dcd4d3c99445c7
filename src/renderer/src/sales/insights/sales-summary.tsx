/**
 * Totals of the filtered sales, always per currency: count, transaction amount and commission, split by
 * commission status (and, in the full table, by payment status). Money comes as the cache's exact decimal strings
 * and is only formatted here, never added up — and never across currencies.
 */
import {
  Badge,
  Button,
  Group,
  OverflowList,
  Paper,
  Popover,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  COMMISSION_COLUMNS,
  COMMISSION_COLUMN_LABELS,
  type CommissionColumn,
} from '../../../../shared/commission-columns';
import type { SalesSummary, MoneyTotals } from '../../../../shared/sales-query-types';
import { formatCount, formatDecimalMoney, pluralize } from '../../common/format';
import { AmountsNeedingAttention } from './amounts-attention';
import { earnedOf } from './earned';
import { PreviousPeriodChange } from './previous-period-change';

const PAYMENT_ORDER = ['paid', 'pending', 'none'] as const;
/** Small status words: colours that keep 4.5:1 in both schemes (src/renderer/src/status-colors.css). */
const STATUS_COLORS: Record<string, string> = {
  approved: 'var(--status-text-approved)',
  pending: 'var(--status-text-pending)',
  declined: 'var(--status-text-declined)',
};
/** Amounts stay on one line: a card grows to hold them rather than breaking a number. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Sales across all currencies (a count may be added up; money may not). */
export function totalCount(summary: SalesSummary): number {
  return summary.byCurrency.reduce((sum, c) => sum + c.count, 0);
}

const EARNED_TITLE = 'Commission earned: approved + pending. Declined and other statuses are not included.';

/** Props of {@link SummaryBar}. */
export interface SummaryBarProps {
  summary: SalesSummary | null;
}

/** Currencies at most for which the full cards (with the split by status) are shown in a tall window. */
const FULL_CARDS_UP_TO = 3;

/**
 * The per-currency summary above the table. A few currencies in a tall window get full cards, wrapping rather than
 * scrolling sideways; otherwise one short card per currency in a single row, as many as fit, and the rest behind a
 * "+N currencies" button, so the table keeps its rows. Cards are never cut: each is as wide as its amounts.
 */
export function SummaryBar({ summary }: SummaryBarProps) {
  const short = useMediaQuery('(max-height: 720px)', false);
  if (summary === null) return <Skeleton height={short ? 34 : 66} radius="md" />;
  const count = totalCount(summary);
  const full = !short && summary.byCurrency.length <= FULL_CARDS_UP_TO;
  return (
    <Group gap="xs" wrap="nowrap" align="center" data-testid="sales-summary" data-count={count}>
      {full ? (
        <Group gap="xs" wrap="wrap" align="stretch" style={{ flex: 1, minWidth: 0 }}>
          {summary.byCurrency.map((totals) => (
            <CurrencyCard key={totals.currency} totals={totals} summary={summary} />
          ))}
        </Group>
      ) : (
        <OverflowList
          data={summary.byCurrency}
          gap="xs"
          style={{ flex: 1, minWidth: 0 }}
          getItemKey={(totals) => `${totals.currency} ${totals.count} ${totals.commission} ${totals.transaction}`}
          renderItem={(totals) => (
            <CompactCurrency key={totals.currency} totals={totals} earned={earnedOf(summary, totals.currency)} />
          )}
          renderOverflow={(hidden) => (
            // A plain element: the list measures the button through its ref to keep it in the row.
            <div style={{ display: 'flex', alignSelf: 'center' }}>
              <MoreCurrencies hidden={hidden} summary={summary} />
            </div>
          )}
        />
      )}
      <AmountsNeedingAttention attention={summary.needingAttention} />
      {count > 0 && (
        <Popover position="bottom-end" shadow="md" withinPortal trapFocus width={620}>
          <Popover.Target>
            <Button size="compact-xs" variant="subtle" style={{ flexShrink: 0 }}>
              All totals
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <SummaryTable summary={summary} />
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}

/** The currencies that did not fit in the row, one click away. */
function MoreCurrencies({ hidden, summary }: { hidden: MoneyTotals[]; summary: SalesSummary }) {
  return (
    <Popover position="bottom" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button size="compact-sm" variant="light" style={{ flexShrink: 0 }} data-testid="summary-more">
          +{formatCount(hidden.length)} {hidden.length === 1 ? 'currency' : 'currencies'}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw="min(720px, calc(100vw - 32px))" data-testid="summary-more-list">
        <ScrollArea.Autosize mah="60vh" type="auto" offsetScrollbars>
          <Group gap="xs" wrap="wrap">
            {hidden.map((totals) => (
              <CompactCurrency key={totals.currency} totals={totals} earned={earnedOf(summary, totals.currency)} />
            ))}
          </Group>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

/** One currency in one line: its code, its commission earned and its count (the transaction total in the tooltip). */
function CompactCurrency({ totals, earned }: { totals: MoneyTotals; earned: string }) {
  return (
    <Paper
      withBorder
      radius="md"
      px="xs"
      py={4}
      style={{ flexShrink: 0 }}
      data-testid="summary-currency"
      data-currency={totals.currency}
      title={`Transactions ${formatDecimalMoney(totals.transaction, totals.currency)}`}
    >
      <Group gap={6} wrap="nowrap">
        <Badge size="xs" variant="outline" color="gray">
          {totals.currency}
        </Badge>
        <Text
          fw={700}
          size="sm"
          style={NO_WRAP}
          data-testid="summary-commission"
          data-value={earned}
          data-amount=""
          title={EARNED_TITLE}
        >
          {formatDecimalMoney(earned, totals.currency)}
        </Text>
        <Text size="xs" c="dimmed" style={NO_WRAP} data-testid="summary-sales" data-value={totals.count}>
          {pluralize(totals.count, 'sale', 'sales')}
        </Text>
        <PreviousPeriodChange currency={totals.currency} earned={earned} compact />
      </Group>
    </Paper>
  );
}

function CurrencyCard({ totals, summary }: { totals: MoneyTotals; summary: SalesSummary }) {
  const parts = summary.byCommissionColumn.filter((s) => s.currency === totals.currency);
  // Other statuses only when some sale has one: the spec's three are always shown, and the rows add up to the total.
  const shown = COMMISSION_COLUMNS.filter((c) => c !== 'other' || parts.some((p) => p.column === 'other'));
  return (
    <Paper
      withBorder
      radius="md"
      px="sm"
      py={6}
      style={{ flexShrink: 0 }}
      data-testid="summary-currency"
      data-currency={totals.currency}
    >
      <Group gap="lg" wrap="nowrap" align="flex-start">
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Badge size="sm" variant="outline" color="gray">
              {totals.currency}
            </Badge>
            <Text size="xs" c="dimmed" data-testid="summary-sales" data-value={totals.count}>
              {pluralize(totals.count, 'sale', 'sales')}
            </Text>
          </Group>
          <Text
            fw={700}
            size="md"
            lh={1.5}
            style={NO_WRAP}
            data-testid="summary-commission"
            data-value={earnedOf(summary, totals.currency)}
            data-amount=""
            title={EARNED_TITLE}
          >
            {formatDecimalMoney(earnedOf(summary, totals.currency), totals.currency)}
          </Text>
          <Text
            size="xs"
            c="dimmed"
            style={NO_WRAP}
            data-testid="summary-transaction"
            data-value={totals.transaction}
            title="Transaction amount"
          >
            of {formatDecimalMoney(totals.transaction, totals.currency)} sold
          </Text>
        </Stack>
        <Stack gap={1}>
          {shown.map((status) => {
            const part = parts.find((s) => s.column === status);
            return (
              <Group key={status} gap={6} wrap="nowrap" justify="space-between">
                <Text size="xs" c={STATUS_COLORS[status]} fw={500}>
                  {COMMISSION_COLUMN_LABELS[status]}
                </Text>
                <Text
                  size="xs"
                  style={NO_WRAP}
                  data-amount=""
                  data-testid={`summary-commission-${status}`}
                  data-value={part?.commission ?? '0'}
                  data-count={part?.count ?? 0}
                  data-transaction={part?.transaction ?? '0'}
                  title={
                    part
                      ? `${pluralize(part.count, 'sale', 'sales')}, transactions ${formatDecimalMoney(part.transaction, part.currency)}`
                      : 'No sales'
                  }
                >
                  {part ? formatDecimalMoney(part.commission, part.currency) : '—'}
                </Text>
              </Group>
            );
          })}
        </Stack>
      </Group>
      <PreviousPeriodChange currency={totals.currency} earned={earnedOf(summary, totals.currency)} />
    </Paper>
  );
}

/** The full split: per currency, by commission status and by payment status, with counts and both amounts. */
export function SummaryTable({ summary }: { summary: SalesSummary }) {
  if (summary.byCurrency.length === 0) return <Text c="dimmed">No sales match these filters.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder tabularNums fz="sm" data-testid="summary-table" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Currency</Table.Th>
            <Table.Th>Group</Table.Th>
            <Table.Th ta="right">Sales</Table.Th>
            <Table.Th ta="right">Transaction amount</Table.Th>
            <Table.Th ta="right">Commission</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.byCurrency.map((totals) => {
            const rows = splitRows(summary, totals);
            return rows.map((row, i) => (
              <Table.Tr
                key={`${totals.currency}-${row.key}`}
                data-testid="summary-row"
                data-currency={totals.currency}
                data-group={row.key}
              >
                <Table.Td fw={i === 0 ? 700 : undefined}>{i === 0 ? totals.currency : ''}</Table.Td>
                <Table.Td fw={i === 0 ? 700 : undefined}>{row.label}</Table.Td>
                <Table.Td ta="right" data-value={row.t.count}>
                  {formatCount(row.t.count)}
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP} data-value={row.t.transaction}>
                  {formatDecimalMoney(row.t.transaction, row.t.currency)}
                  {row.t.transactionMissing > 0 && (
                    <Text span size="xs" c="dimmed" title="Sales without a transaction amount are not included">
                      {' '}
                      ({formatCount(row.t.transactionMissing)} without amount)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP} fw={i === 0 ? 700 : undefined} data-value={row.t.commission}>
                  {formatDecimalMoney(row.t.commission, row.t.currency)}
                </Table.Td>
              </Table.Tr>
            ));
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function commissionLabel(column: CommissionColumn): string {
  return column === 'other' ? 'Commission, other statuses' : `Commission ${column}`;
}

/** Rows of one currency's split: all, then by commission column, then by payment status. */
function splitRows(
  summary: SalesSummary,
  totals: MoneyTotals,
): { label: string; short: string; key: string; t: MoneyTotals }[] {
  const rows: { label: string; short: string; key: string; t: MoneyTotals }[] = [
    { label: 'All', short: 'All', key: 'all', t: totals },
  ];
  for (const s of COMMISSION_COLUMNS) {
    const t = summary.byCommissionColumn.find((x) => x.currency === totals.currency && x.column === s);
    if (t) rows.push({ label: commissionLabel(s), short: COMMISSION_COLUMN_LABELS[s], key: `commission-${s}`, t });
  }
  for (const s of PAYMENT_ORDER) {
    const t = summary.byPaymentStatus.find((x) => x.currency === totals.currency && x.paymentStatus === s);
    const short = s === 'none' ? 'No payment status' : s === 'paid' ? 'Paid' : 'Payment pending';
    if (t) rows.push({ label: s === 'none' ? 'No payment status' : `Payment ${s}`, short, key: `payment-${s}`, t });
  }
  return rows;
}

/** The full split as one small table per currency, side by side where the window is wide enough. */
export function TotalsByCurrency({ summary }: { summary: SalesSummary }) {
  if (summary.byCurrency.length === 0) return <Text c="dimmed">No sales match these filters.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" data-testid="totals-by-currency">
      {summary.byCurrency.map((totals) => (
        <Paper key={totals.currency} withBorder radius="md" p="xs" data-currency={totals.currency}>
          <Group gap={6} mb={4}>
            <Badge size="sm" variant="outline" color="gray">
              {totals.currency}
            </Badge>
            <Text size="sm" fw={700} title={EARNED_TITLE}>
              {formatDecimalMoney(earnedOf(summary, totals.currency), totals.currency)} earned
            </Text>
          </Group>
          <Table tabularNums fz="xs" verticalSpacing={3} horizontalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th ta="right">Sales</Table.Th>
                <Table.Th ta="right">Transactions</Table.Th>
                <Table.Th ta="right">Commission</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {splitRows(summary, totals).map((row) => (
                <Table.Tr key={row.key} data-group={row.key} fw={row.key === 'all' ? 700 : undefined}>
                  <Table.Td
                    style={
                      row.key === 'payment-paid'
                        ? { borderTop: '1px solid var(--mantine-color-default-border)' }
                        : undefined
                    }
                  >
                    {row.short}
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(row.t.count)}</Table.Td>
                  <Table.Td
                    ta="right"
                    style={NO_WRAP}
                    title={
                      row.t.transactionMissing > 0
                        ? `${formatCount(row.t.transactionMissing)} without a transaction amount`
                        : undefined
                    }
                  >
                    {formatDecimalMoney(row.t.transaction, row.t.currency)}
                  </Table.Td>
                  <Table.Td ta="right" style={NO_WRAP}>
                    {formatDecimalMoney(row.t.commission, row.t.currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
