/**
 * The sales behind the aging's "Over 90 days" bucket (B4), in a dialog opened from that bucket: each sale's date,
 * reference, commission and whether it is owed or pending, oldest first, so the person sees what a claim is about
 * before exporting the claim file.
 */
import { Alert, Badge, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import type { OverdueSales } from '../../../shared/payouts';
import { call } from '../common/bridge';
import { formatIsoDay, pluralize } from '../common/format';
import { useBridgeQuery } from '../common/use-bridge-query';
import { commissionText, transactionText } from '../sales/table';
import { NUMBER_CELL } from '../common/number-cell';

/** Props of {@link OverdueSalesDialog}. */
export interface OverdueSalesDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The moment the payouts are shown as of, or undefined for now. */
  moment?: string;
}

/** The dialog listing the sales owed or pending for more than 90 days. */
export function OverdueSalesDialog({ opened, onClose, moment }: OverdueSalesDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Owed or pending for more than 90 days" size="xl">
      {opened && <OverdueList {...(moment === undefined ? {} : { moment })} />}
    </Modal>
  );
}

function OverdueList({ moment }: { moment?: string }) {
  const overdue = useBridgeQuery<OverdueSales>(
    () => call('overdueSales', moment === undefined ? {} : { asOf: moment }),
    moment ?? 'now',
  );
  if (overdue.error) {
    return (
      <Alert color="red" title="The sales could not be read from the cache">
        {overdue.error.message}
      </Alert>
    );
  }
  if (overdue.data === null) return <Loader size="sm" aria-label="Reading the sales" />;
  const { sales, total, asOf } = overdue.data;
  return (
    <Stack gap="xs" data-testid="overdue-sales">
      <Text size="sm" c="dimmed">
        {`${pluralize(total, 'sale', 'sales')} made more than 90 days before ${formatIsoDay(asOf)} and not paid yet, oldest first.`}
        {total > sales.length && ` The first ${sales.length} are listed; the claim file holds them all.`}
      </Text>
      <Table.ScrollContainer minWidth={560} mah={420}>
        <Table striped stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Reference</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th style={NUMBER_CELL}>Commission</Table.Th>
              <Table.Th style={NUMBER_CELL}>Sale amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sales.map((sale) => (
              <Table.Tr key={sale.reference} data-testid="overdue-sale" data-reference={sale.reference}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatIsoDay(sale.transactionDate)}</Table.Td>
                <Table.Td>{sale.reference}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={sale.commissionStatus === 'pending' ? 'yellow' : 'blue'}>
                    {sale.commissionStatus === 'pending' ? 'Pending' : 'Owed'}
                  </Badge>
                </Table.Td>
                <Table.Td style={NUMBER_CELL}>{commissionText(sale)}</Table.Td>
                <Table.Td style={NUMBER_CELL}>{transactionText(sale)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
