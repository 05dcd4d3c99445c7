/**
 * The count under "Adjustments" in the navbar (B2): how many changes to sales of closed months were seen since their
 * close, so a change to handed-over figures is noticed without opening the section. Nothing is shown when there are
 * none or when they cannot be read (no account open).
 */
import { Text } from '@mantine/core';
import { call } from '../common/bridge';
import { pluralize } from '../common/format';
import { useBridgeQuery } from '../common/use-bridge-query';
import { useSyncState } from '../sync';

/** The count, read again whenever cached sales or closed months may have changed. */
export function AdjustmentCount() {
  const sync = useSyncState();
  const adjustments = useBridgeQuery(() => call('adjustments'), String(sync.dataVersion), { deferred: true });
  const count = adjustments.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <Text
      component="span"
      size="xs"
      fw={600}
      c="var(--mantine-color-orange-text)"
      data-testid="adjustment-count"
      data-count={count}
    >
      {pluralize(count, 'change', 'changes')} since close
    </Text>
  );
}
