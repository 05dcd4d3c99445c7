/**
 * The Payouts section: what was paid in a month, one row per payment date and currency (a transfer as it shows on
 * the bank statement), what is still owed or pending, and when owed money has usually arrived for this account. Each
 * payout exports as a statement: the payments export of that day and currency, whose Summary ties to the row's
 * amount. Below, the month's earned-to-received bridge per currency. Everything is read from the cache, so it works
 * offline.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { localIsoDay, type DayRange } from '../../../shared/dates';
import { monthRange } from '../../../shared/export-presets';
import type { OpenAmount, PaymentDelay, Payout, PayoutReport } from '../../../shared/payouts';
import { call } from '../common/bridge';
import { ErrorState } from '../common/error-state';
import { formatCount, formatDateTime, formatDecimalMoney, formatIsoDay, pluralize } from '../common/format';
import { DownloadIcon, InfoIcon, SyncIcon } from '../common/icons';
import { useBridgeQuery } from '../common/use-bridge-query';
import {
  AsOfPicker,
  instantOf,
  previousMonth,
  recentMonths,
  StaleExportPrompt,
  useExportRunner,
  type ExportRunner,
} from '../sales/export';
import { useSyncActions, useSyncState } from '../sync';
import { BridgeTable, MonthClose } from '../books';
import { AgingTable } from './aging-table';
import { HomeAmounts } from './home-amounts';
import { BankMatchDialog } from './bank-match-dialog';
import { LedgerDialog } from '../ledger';
import { YearSection } from './year-table';
import { NUMBER_CELL } from '../common/number-cell';

/** The sentence under the open amounts: the observed delay as a range, explicitly not a promise. */
export function delayText(delay: PaymentDelay | null, locale?: string): string {
  if (delay === null) return 'No sale has been paid yet, so there is no history to tell when owed money may arrive.';
  const sales = pluralize(delay.paidSales, 'paid sale', 'paid sales', locale);
  const range = delay.fromDays === delay.toDays ? `${delay.fromDays} days` : `${delay.fromDays}–${delay.toDays} days`;
  return `Payments for this account have usually arrived ${range} after the sale (median ${delay.medianDays} days, over ${sales}). This is a hint from past payments, not a promise.`;
}

/** The Payouts section. */
export function PayoutsScreen() {
  const today = localIsoDay(new Date());
  const months = recentMonths(today);
  const [month, setMonth] = useState(previousMonth(today));
  const [moment, setMoment] = useState<string | null>(null);
  const asOf = moment === null ? null : instantOf(moment);
  const range = monthRange(month) ?? { from: today, to: today };
  const sync = useSyncState();
  const report = useBridgeQuery(
    () => call('payoutReport', { ...range, ...(asOf === null ? {} : { asOf }) }),
    `${range.from}/${range.to}/${asOf}/${sync.dataVersion}`,
  );
  const exporter = useExportRunner();
  const monthLabel = months.find((choice) => choice.value === month)?.label ?? month;

  return (
    <Stack gap="md" maw={1100} data-testid="payouts-screen">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          Payouts
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Paid in"
            data={months}
            value={month}
            onChange={(value) => value !== null && setMonth(value)}
            allowDeselect={false}
            w={220}
            data-testid="payouts-month"
          />
          <Box w={220}>
            <AsOfPicker
              id="payouts-as-of"
              value={moment}
              onChange={setMoment}
              description="Empty: now. A past moment: the payouts as they were then."
            />
          </Box>
        </Group>
      </Group>
      {moment === null && <MonthClose month={month} label={monthLabel} today={today} />}
      {report.status === 'error' && report.error ? (
        <ErrorState error={report.error} title="The payouts could not be read from the cache" onRetry={report.reload} />
      ) : report.data === null ? (
        <Group gap="xs" data-testid="payouts-loading">
          <Loader size="sm" />
          <Text size="sm">Reading payouts from the cache…</Text>
        </Group>
      ) : (
        <>
          <PayoutsBody report={report.data} range={range} monthLabel={monthLabel} exporter={exporter} />
          <BridgeTable
            range={range}
            asOf={asOf}
            periodLabel={monthLabel}
            dataVersion={sync.dataVersion}
            testId="payouts-bridge"
          />
        </>
      )}
      <YearSection />
      <StaleExportPrompt prompt={exporter.prompt} />
    </Stack>
  );
}

function PayoutsBody({
  report,
  range,
  monthLabel,
  exporter,
}: {
  report: PayoutReport;
  range: DayRange;
  monthLabel: string;
  exporter: ExportRunner;
}) {
  const [ledgerOpen, setLedgerOpen] = useState(false);
  const [bankOpen, setBankOpen] = useState(false);
  // Received payouts only: one announced for a later day is not in the bank yet, so not in a ledger file.
  const currencies = [...new Set(report.payouts.filter((p) => !p.scheduled).map((p) => p.currency))].sort();
  return (
    <>
      {report.warnings.length > 0 && <IncompleteHistory report={report} />}
      {report.moment !== null && (
        <Alert color="blue" variant="light" icon={<InfoIcon size={18} />} p="xs" data-testid="payouts-moment">
          <Text size="sm">
            As of {formatDateTime(report.moment)}: the sales as the cache knew them then, each with its values then.
            Clear "As of" to see them as they are now.
          </Text>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <AmountsCard title={`Paid in ${monthLabel}`} amounts={report.paid} empty="Nothing paid" testId="payouts-paid">
          {report.scheduled.length > 0 && <ScheduledAmounts amounts={report.scheduled} />}
        </AmountsCard>
        {/* Owed and pending are today's, whatever month is chosen: the titles say so (A8). */}
        <AmountsCard
          title={`Owed as of ${report.moment === null ? 'today' : formatIsoDay(report.asOf)} (approved, not paid yet)`}
          amounts={report.owed}
          empty="Nothing owed"
          testId="payouts-owed"
          asOf={report.asOf}
        />
        <AmountsCard
          title={`Pending as of ${report.moment === null ? 'today' : formatIsoDay(report.asOf)} (not approved yet)`}
          amounts={report.pending}
          empty="Nothing pending"
          testId="payouts-pending"
          asOf={report.asOf}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed" data-testid="payouts-delay">
        {delayText(report.delay)}
      </Text>
      {report.paidWithoutDate > 0 && (
        <Alert color="orange" variant="light" icon={<InfoIcon size={18} />} p="xs" data-testid="payouts-without-date">
          <Text size="sm">
            {pluralize(report.paidWithoutDate, 'sale made', 'sales made')} in {monthLabel}{' '}
            {report.paidWithoutDate === 1 ? 'is' : 'are'} marked paid without a payment date, so{' '}
            {report.paidWithoutDate === 1 ? 'it is' : 'they are'} not in any payout below.
          </Text>
        </Alert>
      )}
      {report.payouts.length === 0 ? (
        <Text size="sm" data-testid="payouts-empty">
          No payouts in {monthLabel}. Payouts appear once the service reports sales as paid with a payment date in that
          month; sync to check for new payments.
        </Text>
      ) : (
        <>
          <PayoutTable
            payouts={report.payouts}
            moment={report.moment}
            exporter={exporter}
            home={report.moment === null ? <HomeAmounts range={range} /> : null}
          />
          {report.moment === null && (
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="light" onClick={() => setBankOpen(true)}>
                Match bank statement…
              </Button>
              {currencies.length > 0 && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<DownloadIcon size={14} />}
                  onClick={() => setLedgerOpen(true)}
                >
                  Ledger file…
                </Button>
              )}
            </Group>
          )}
          <BankMatchDialog opened={bankOpen} onClose={() => setBankOpen(false)} />
          <LedgerDialog
            opened={ledgerOpen}
            onClose={() => setLedgerOpen(false)}
            range={range}
            periodLabel={monthLabel}
            currencies={currencies}
          />
        </>
      )}
      <AgingTable
        aging={report.aging}
        {...(report.moment === null ? {} : { asOfDay: report.asOf, moment: report.moment })}
      />
    </>
  );
}

/**
 * Said above every figure when the month's payments may be incomplete (R8): which days were never synced and which
 * open sales were not checked since the month ended, with the sync that fixes each.
 */
function IncompleteHistory({ report }: { report: PayoutReport }) {
  const sync = useSyncState();
  const actions = useSyncActions();
  const { missing, staleOpenSales } = report.history;
  const first = missing[0];
  const last = missing.at(-1);
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<InfoIcon size={18} />}
      title="These payouts may be incomplete"
      data-testid="payouts-incomplete"
    >
      <Stack gap="xs">
        {report.warnings.map((warning) => (
          <Text size="sm" key={warning}>
            {warning}
          </Text>
        ))}
        <Group gap="xs">
          {first !== undefined && last !== undefined && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<SyncIcon size={14} />}
              disabled={sync.running}
              onClick={() => void actions.start({ from: first.from, to: last.to })}
            >
              Sync these days
            </Button>
          )}
          {staleOpenSales !== null && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<SyncIcon size={14} />}
              disabled={sync.running}
              onClick={() => void actions.startRoutine()}
            >
              Sync now
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

/** Payments of the month dated after today, under what was received: announced, not in the bank yet. */
function ScheduledAmounts({ amounts }: { amounts: OpenAmount[] }) {
  return (
    <Text size="xs" c="dimmed" mt={4} data-testid="payouts-scheduled">
      Scheduled after today: {amounts.map((amount) => formatDecimalMoney(amount.amount, amount.currency)).join(', ')}
    </Text>
  );
}

function AmountsCard({
  title,
  amounts,
  empty,
  testId,
  asOf,
  children,
}: {
  title: string;
  amounts: OpenAmount[];
  empty: string;
  testId: string;
  /** The day the amounts are as of, when they do not follow the chosen month. */
  asOf?: string;
  children?: ReactNode;
}) {
  return (
    <Card withBorder padding="sm" data-testid={testId} data-as-of={asOf}>
      <Text size="sm" c="dimmed" mb={4} title={asOf === undefined ? undefined : `As of ${formatIsoDay(asOf)}`}>
        {title}
      </Text>
      {amounts.length === 0 ? (
        <Text size="sm">{empty}</Text>
      ) : (
        amounts.map((amount) => (
          <Group key={amount.currency} justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {formatDecimalMoney(amount.amount, amount.currency)}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {pluralize(amount.sales, 'sale', 'sales')}
            </Text>
          </Group>
        ))
      )}
      {children}
    </Card>
  );
}

function PayoutTable({
  payouts,
  moment,
  exporter,
  home,
}: {
  payouts: Payout[];
  moment: string | null;
  exporter: ExportRunner;
  /** The payouts in the home currency, drawn under the table; null as of a past moment. */
  home: ReactNode;
}) {
  // A statement read as of a past moment is exported as of it too, so it ties to the row it came from.
  const statement = (payout: Payout) =>
    void exporter.run({
      filter: { from: payout.paymentDate, to: payout.paymentDate, currencies: [payout.currency] },
      format: 'xlsx',
      preset: 'payments',
      ...(moment === null ? {} : { asOf: moment }),
    });
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped highlightOnHover data-testid="payouts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Payment date</Table.Th>
            <Table.Th>Currency</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Sales</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
            <Table.Th>
              <VisuallyHidden>Statement</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payouts.map((payout) => (
            <Table.Tr
              key={`${payout.paymentDate}-${payout.currency}`}
              data-testid="payout-row"
              data-scheduled={payout.scheduled}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatIsoDay(payout.paymentDate)}
                {payout.scheduled && (
                  <Badge size="sm" variant="light" color="gray" ml={6} title="Dated after today: not received yet">
                    Scheduled
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{payout.currency}</Table.Td>
              <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                {formatCount(payout.sales)}
              </Table.Td>
              <Table.Td style={NUMBER_CELL} data-testid="payout-amount">
                {formatDecimalMoney(payout.amount, payout.currency)}
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<DownloadIcon size={14} />}
                  disabled={exporter.running}
                  onClick={() => statement(payout)}
                  aria-label={`Export the statement of the ${payout.currency} payout of ${formatIsoDay(payout.paymentDate)}`}
                >
                  Statement
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {home}
    </Table.ScrollContainer>
  );
}
