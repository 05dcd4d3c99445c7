/**
 * Sales of the current filter whose commission amount is missing or could not be read (sent as null, or as text such
 * as "1,50"): they are kept, but in no total, so a button beside the totals says how many and lists them with what the
 * service sent (R7). Nothing is shown when there are none.
 */
import { ScrollArea, Table, Text } from '@mantine/core';
import { amountNoticeText } from '../../../../shared/amount-notices';
import type { AmountsNeedingAttention as Attention } from '../../../../shared/sales-query-types';
import { formatCount, formatIsoDay } from '../../common/format';
import { AlertPopover } from '../../common/alert-popover';

/** The button and its list; see the file's comment. */
export function AmountsNeedingAttention({ attention }: { attention: Attention }) {
  if (attention.count === 0) return null;
  const more = attention.count - attention.sales.length;
  return (
    <AlertPopover
      label={`${formatCount(attention.count)} need attention`}
      width={640}
      testId="amounts-attention"
      data={{ 'data-count': attention.count }}
    >
      <div data-testid="amounts-attention">
        <Text size="sm" fw={600}>
          {attention.count === 1 ? '1 sale is' : `${formatCount(attention.count)} sales are`} in no total
        </Text>
        <Text size="xs" c="dimmed" mb={6}>
          The service sent no commission amount, or one that is not a number. Check these sales with the service.
        </Text>
        <ScrollArea.Autosize mah="50vh" type="auto" offsetScrollbars>
          <Table fz="xs" verticalSpacing={4} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reference</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Currency</Table.Th>
                <Table.Th>What was sent</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {attention.sales.map((sale) => (
                <Table.Tr key={sale.reference} data-testid="attention-row" data-reference={sale.reference}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{sale.reference}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatIsoDay(sale.transactionDate)}</Table.Td>
                  <Table.Td>{sale.currency}</Table.Td>
                  <Table.Td>{amountNoticeText(sale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        {more > 0 && (
          <Text size="xs" c="dimmed" mt={6}>
            … and {formatCount(more)} more; narrow the filters to list them.
          </Text>
        )}
      </div>
    </AlertPopover>
  );
}
