/**
 * What matching a bank statement found (L4), headline first: the payouts the service reports as paid that have no bank
 * line (each can be matched by hand to a line of its currency), those too recent to tell, the matches (a match made by
 * hand can be undone), and the bank lines that look like the platform's but match no payout.
 */
import { Alert, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { MatchReport, PayoutLine } from '../../../shared/bank';
import { formatDecimalMoney, formatIsoDay, formatSignedMoney, pluralize } from '../common/format';
import { AlertIcon, CheckIcon } from '../common/icons';
import { NUMBER_CELL } from '../common/number-cell';

/** Props of {@link BankMatchResults}. */
export interface BankMatchResultsProps {
  report: MatchReport;
  onMatch: (payout: PayoutLine, lineKey: string | null) => void;
  busy: boolean;
}

function PayoutCells({ payout }: { payout: PayoutLine }) {
  return (
    <>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatIsoDay(payout.paymentDate)}</Table.Td>
      <Table.Td style={NUMBER_CELL}>{formatDecimalMoney(payout.amount, payout.currency)}</Table.Td>
      <Table.Td style={NUMBER_CELL}>{pluralize(payout.sales, 'sale', 'sales')}</Table.Td>
    </>
  );
}

function Unpaid({ report, onMatch, busy }: BankMatchResultsProps) {
  if (report.unpaid.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table data-testid="bank-unpaid">
        <Table.Tbody>
          {report.unpaid.map((payout) => (
            <Table.Tr key={`${payout.paymentDate}|${payout.currency}`}>
              <PayoutCells payout={payout} />
              <Table.Td>
                <Select
                  aria-label={`Match the ${payout.currency} payout of ${formatIsoDay(payout.paymentDate)} by hand`}
                  placeholder="Match by hand…"
                  size="xs"
                  disabled={busy}
                  data={report.unmatchedLines
                    .filter((line) => line.currency === payout.currency)
                    .map((line) => ({
                      value: line.key,
                      label: `${formatIsoDay(line.day)} ${formatDecimalMoney(line.amount, line.currency)} ${line.description}`,
                    }))}
                  value={null}
                  onChange={(key) => key !== null && onMatch(payout, key)}
                  w={260}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Matched({ report, onMatch, busy }: BankMatchResultsProps) {
  if (report.matched.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={4} size="h6">
        Matched ({report.matched.length})
      </Title>
      <Table.ScrollContainer minWidth={620}>
        <Table striped data-testid="bank-matched">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Paid</Table.Th>
              <Table.Th style={NUMBER_CELL}>Payout</Table.Th>
              <Table.Th style={NUMBER_CELL}>Sales</Table.Th>
              <Table.Th>In the bank</Table.Th>
              <Table.Th style={NUMBER_CELL}>Difference</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.matched.map(({ payout, line, difference, manual }) => (
              <Table.Tr key={`${payout.paymentDate}|${payout.currency}`} data-testid="bank-matched-row">
                <PayoutCells payout={payout} />
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatIsoDay(line.day)} {formatDecimalMoney(line.amount, line.currency)}
                </Table.Td>
                <Table.Td style={NUMBER_CELL}>{formatSignedMoney(difference, payout.currency)}</Table.Td>
                <Table.Td>
                  {manual && (
                    <Button size="compact-xs" variant="subtle" disabled={busy} onClick={() => onMatch(payout, null)}>
                      Undo match
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The results. */
export function BankMatchResults(props: BankMatchResultsProps) {
  const { report } = props;
  return (
    <Stack gap="sm" data-testid="bank-results">
      {report.unpaid.length > 0 ? (
        <Alert
          color="red"
          variant="light"
          icon={<AlertIcon size={18} />}
          title={`${pluralize(report.unpaid.length, 'payout', 'payouts')} with no bank line`}
          data-testid="bank-headline"
        >
          <Text size="sm" mb="xs">
            The service reports these as paid, but no line of the statement received them. Ask the platform, or match
            one by hand if your bank shows it differently.
          </Text>
          <Unpaid {...props} />
        </Alert>
      ) : (
        <Alert color="teal" variant="light" icon={<CheckIcon size={18} />} data-testid="bank-headline">
          <Text size="sm">Every payout of the statement’s days reached the bank.</Text>
        </Alert>
      )}
      {report.tooRecent.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="bank-too-recent">
          Too recent to tell (they may arrive after the statement’s last day):{' '}
          {report.tooRecent
            .map((p) => `${formatIsoDay(p.paymentDate)} ${formatDecimalMoney(p.amount, p.currency)}`)
            .join(', ')}
        </Text>
      )}
      <Matched {...props} />
      {report.unknown.length > 0 && (
        <Stack gap={4} data-testid="bank-unknown">
          <Title order={4} size="h6">
            Bank lines like the platform’s with no payout ({report.unknown.length})
          </Title>
          {report.unknown.map((line) => (
            <Group key={line.key} gap="xs">
              <Text size="sm">{formatIsoDay(line.day)}</Text>
              <Text size="sm" fw={600}>
                {formatDecimalMoney(line.amount, line.currency)}
              </Text>
              <Text size="sm" c="dimmed">
                {line.description}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
