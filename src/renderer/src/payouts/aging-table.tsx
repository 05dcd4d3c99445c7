/**
 * What is owed and pending today by how long it has waited since the sale (B4): one row per currency and kind, one
 * column per bucket. Amounts stay in their own currency; nothing is added across currencies.
 */
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AGING_BUCKETS, type AgingBucket, type AgingRow } from '../../../shared/payouts';
import { call } from '../common/bridge';
import { announceExport } from '../common/export-notice';
import { formatDecimalMoney, formatIsoDay, pluralize } from '../common/format';
import { DownloadIcon } from '../common/icons';
import { OverdueSalesDialog } from './overdue-sales';
import { NUMBER_CELL } from '../common/number-cell';

const BUCKET_LABELS: Record<AgingBucket, string> = {
  '0-30': '0–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};

interface AgingLine {
  currency: string;
  kind: 'Owed' | 'Pending';
  cells: Map<AgingBucket, { sales: number; amount: string }>;
}

/** The rows of `aging` as lines of one currency and kind, those with no sale left out. */
function linesOf(aging: readonly AgingRow[]): AgingLine[] {
  const lines = new Map<string, AgingLine>();
  for (const row of aging) {
    for (const [kind, sales, amount] of [
      ['Owed', row.owedSales, row.owed],
      ['Pending', row.pendingSales, row.pending],
    ] as const) {
      const key = `${row.currency} ${kind}`;
      const line = lines.get(key) ?? { currency: row.currency, kind, cells: new Map() };
      line.cells.set(row.bucket, { sales, amount });
      lines.set(key, line);
    }
  }
  return [...lines.values()].filter((line) => [...line.cells.values()].some((cell) => cell.sales > 0));
}

/** Writes the claim file of the sales waiting more than 90 days, through the save dialog, and says where it went. */
async function exportClaimFile(): Promise<void> {
  const written = await call('exportClaimFile');
  announceExport(
    written,
    'Claim file exported',
    (count) => `Exported ${pluralize(count, 'sale', 'sales')} waiting more than 90 days`,
  );
}

/** The aging table, or a sentence when nothing is open. */
export function AgingTable({
  aging,
  asOfDay,
  moment,
}: {
  aging: readonly AgingRow[];
  asOfDay?: string;
  /** The moment the payouts are shown as of, when not now. */
  moment?: string;
}) {
  const lines = linesOf(aging);
  const [exporting, setExporting] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const overdue = aging.some((row) => row.bucket === '90+' && row.owedSales + row.pendingSales > 0);
  const claim = async () => {
    setExporting(true);
    await exportClaimFile();
    setExporting(false);
  };
  return (
    <Stack gap={6} data-testid="payouts-aging">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5">
          Owed and pending by days since the sale, as of {asOfDay === undefined ? 'today' : formatIsoDay(asOfDay)}
        </Title>
        {overdue && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<DownloadIcon size={14} />}
            loading={exporting}
            onClick={() => void claim()}
          >
            Claim file (over 90 days)
          </Button>
        )}
      </Group>
      {lines.length === 0 ? (
        <Text size="sm">Nothing is owed or pending.</Text>
      ) : (
        <Table.ScrollContainer minWidth={620}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Currency</Table.Th>
                {AGING_BUCKETS.map((bucket) => (
                  <Table.Th key={bucket} style={NUMBER_CELL}>
                    {BUCKET_LABELS[bucket]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={`${line.currency}-${line.kind}`} data-testid="aging-row" data-currency={line.currency}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {line.currency} {line.kind.toLowerCase()}
                  </Table.Td>
                  {AGING_BUCKETS.map((bucket) => {
                    const cell = line.cells.get(bucket);
                    return (
                      <Table.Td key={bucket} style={NUMBER_CELL} data-bucket={bucket}>
                        {cell === undefined || cell.sales === 0 ? (
                          <Text span size="sm" c="dimmed">
                            —
                          </Text>
                        ) : (
                          <BucketAmount
                            amount={formatDecimalMoney(cell.amount, line.currency)}
                            sales={cell.sales}
                            {...(bucket === '90+'
                              ? {
                                  onOpen: () => setListOpen(true),
                                  label: `${formatDecimalMoney(cell.amount, line.currency)} ${line.kind.toLowerCase()} for over 90 days: show the sales owed or pending that long`,
                                }
                              : {})}
                          />
                        )}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <OverdueSalesDialog
        opened={listOpen}
        onClose={() => setListOpen(false)}
        {...(moment === undefined ? {} : { moment })}
      />
    </Stack>
  );
}

/** A bucket's amount and sale count; the over-90-days bucket opens the sales behind it. */
function BucketAmount({
  amount,
  sales,
  onOpen,
  label,
}: {
  amount: string;
  sales: number;
  onOpen?: () => void;
  label?: string;
}) {
  const text = (
    <>
      {amount}
      <Text span size="xs" c="dimmed" ml={6}>
        {pluralize(sales, 'sale', 'sales')}
      </Text>
    </>
  );
  if (onOpen === undefined) return text;
  return (
    <Anchor component="button" type="button" size="sm" onClick={onOpen} aria-label={label} data-testid="aging-open">
      {text}
    </Anchor>
  );
}
