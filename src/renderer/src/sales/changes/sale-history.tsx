/**
 * A sale's history in its drawer (B1): every change the cache saw of it, oldest first — statuses, amounts in the
 * currency each was in, dates, reported or not — with when it was seen and whether it restated a paid period.
 */
import { Alert, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import type { SaleChange } from '../../../../shared/sales-query-types';
import { call } from '../../common/bridge';
import { formatDateTime } from '../../common/format';
import { useBridgeQuery, type BridgeQuery } from '../../common/use-bridge-query';
import { useSyncState } from '../../sync';
import { changeFieldLabel, changeValueText, restatementText } from './change-text';
import { noLongerReportedReferences } from './no-longer-reported';

/** The changes the cache saw of the sale `reference` (none while no sale is open). */
export function useSaleHistory(reference: string | null): BridgeQuery<SaleChange[]> {
  const sync = useSyncState();
  return useBridgeQuery<SaleChange[]>(
    async () => (reference === null ? { ok: true, value: [] } : call('saleHistory', { reference })),
    `${reference}|${sync.dataVersion}`,
  );
}

/** Says so when the service no longer reports the sale: it is kept for the records and left out of totals. */
export function NoLongerReportedNote({
  reference,
  history,
}: {
  reference: string;
  history: BridgeQuery<SaleChange[]>;
}) {
  if (history.data === null || !noLongerReportedReferences(history.data).has(reference)) return null;
  return (
    <Alert color="gray" title="No longer reported by the service" data-testid="drawer-no-longer-reported">
      A complete fetch of this sale&apos;s day no longer returned it. It is kept here for your records and left out of
      totals and exports unless you include sales no longer reported.
    </Alert>
  );
}

/** The history of a sale, or a sentence when the cache saw no change of it. */
export function SaleHistory({ history }: { history: BridgeQuery<SaleChange[]> }) {
  if (history.error) {
    return (
      <Text size="sm" c="red.8" data-testid="sale-history">
        The history could not be read from the cache: {history.error.message}
      </Text>
    );
  }
  if (history.data === null) return <Loader size="xs" aria-label="Reading the history" />;
  if (history.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="sale-history">
        No change seen since the cache first stored this sale.
      </Text>
    );
  }
  return (
    <Stack gap={8} data-testid="sale-history">
      {history.data.map((change) => {
        const restated = restatementText(change);
        return (
          <Stack key={change.id} gap={2} data-testid="sale-history-entry">
            <Text size="xs" c="dimmed">
              {formatDateTime(change.changedAt)}
            </Text>
            <Text size="sm">
              {changeFieldLabel(change.field)}: {changeValueText(change.field, change.oldValue, change.oldCurrency)} →{' '}
              {changeValueText(change.field, change.newValue, change.newCurrency)}
            </Text>
            {restated !== null && (
              <Group>
                <Badge color="red" variant="light" size="sm">
                  {restated}
                </Badge>
              </Group>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
