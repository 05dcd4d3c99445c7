/**
 * The month's payouts in the home currency (L2), under the payouts: each converted at the ECB rate the rule gives
 * money received (by default its payment date's), marked approximate, with the rate's day when it is an earlier one; the converted total apart from the
 * original-currency amounts. Says where to set the home currency or the rates when one is missing.
 */
import { Group, Stack, Table, Text } from '@mantine/core';
import type { DayRange } from '../../../shared/dates';
import { rateDayWords } from '../../../shared/rate-rule';
import { call } from '../common/bridge';
import { formatDecimalMoney, formatIsoDay } from '../common/format';
import { useBridgeQuery } from '../common/use-bridge-query';
import { useSyncState } from '../sync';
import { NUMBER_CELL } from '../common/number-cell';

/** The converted amounts of the payouts of `range`. */
export function HomeAmounts({ range }: { range: DayRange }) {
  const sync = useSyncState();
  const home = useBridgeQuery(() => call('homePayouts', range), `${range.from}/${range.to}/${sync.dataVersion}`, {
    deferred: true,
  });
  const data = home.data;
  if (data === null || data.kind === 'no home currency') return null;
  if (data.kind === 'no rates')
    return (
      <Text size="xs" c="dimmed" mt="xs">
        To see these payouts in your home currency, import the ECB rates in Settings › Home currency and rates.
      </Text>
    );
  return (
    <Stack gap={4} mt="sm" data-testid="payouts-home">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" fw={600}>
          ≈ In {data.home} (approximate, each at the ECB {rateDayWords('received', data.rule.received).slice(4)})
        </Text>
        <Text size="sm" fw={600} data-testid="payouts-home-total">
          Total ≈ {formatDecimalMoney(data.total, data.home)}
        </Text>
      </Group>
      <Table>
        <Table.Tbody>
          {data.payouts.map((payout) => (
            <Table.Tr key={`${payout.paymentDate}-${payout.currency}`} data-testid="payout-home-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatIsoDay(payout.paymentDate)}</Table.Td>
              <Table.Td>{payout.currency}</Table.Td>
              <Table.Td style={NUMBER_CELL} data-testid="payout-home-amount">
                {payout.amount === null ? '—' : formatDecimalMoney(payout.amount, data.home)}
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {payout.unconverted ??
                    (payout.rateDay !== null && payout.rateDay !== payout.paymentDate
                      ? `rate of ${formatIsoDay(payout.rateDay)}`
                      : '')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
