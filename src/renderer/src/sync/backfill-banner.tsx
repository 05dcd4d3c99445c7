/**
 * After the first sync (the last 30 days), offers to fetch the last 24 months in the background so reports and
 * exports cover them. Shown only while those months are not all on this computer, until done or dismissed, and
 * only online with no sync running.
 */
import { Alert, Button, CloseButton, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod/mini';
import { call } from '../common/bridge';
import { InfoIcon, SyncIcon } from '../common/icons';
import { localStateKey } from '../common/local-view-state';
import { useBridgeQuery } from '../common/use-bridge-query';
import { useLocalState } from '../common/use-local-view-state';
import { monthsBefore } from '../sales/filters';
import { useSyncActions, useSyncState } from './sync-context';

/** How far back the backfill reaches. */
export const BACKFILL_MONTHS = 24;

/** Whether the backfill span is fully cached, re-checked whenever the cache changes. */
export function useBackfillNeeded(): { needed: boolean | null; from: string } {
  const sync = useSyncState();
  const from = monthsBefore(sync.today, BACKFILL_MONTHS);
  const probe = useBridgeQuery(
    () =>
      call('querySales', {
        filter: { from, to: sync.today },
        sort: { column: 'transactionDate', direction: 'desc' },
        offset: 0,
        limit: 1,
      }),
    `${from}|${sync.today}|${sync.dataVersion}`,
    { deferred: true },
  );
  const asOf = probe.data?.dataAsOf ?? null;
  return { needed: asOf === null ? null : !asOf.complete, from };
}

/** Starts the backfill; resolves when the request was answered. */
export function useStartBackfill(): { start: () => Promise<void>; starting: boolean } {
  const sync = useSyncState();
  const syncActions = useSyncActions();
  const [starting, setStarting] = useState(false);
  const start = async () => {
    setStarting(true);
    await syncActions.start({ from: monthsBefore(sync.today, BACKFILL_MONTHS), to: sync.today });
    setStarting(false);
  };
  return { start, starting };
}

/** Whether the banner was dismissed, as local storage keeps it. */
const dismissedSchema = z.boolean();

/** The "Backfill the last 24 months" banner. */
export function BackfillBanner({ scope }: { scope: string }) {
  const sync = useSyncState();
  const { needed } = useBackfillNeeded();
  const backfill = useStartBackfill();
  const [dismissed, setDismissed] = useLocalState(localStateKey(scope, 'backfill-dismissed'), dismissedSchema, false);
  const firstSyncDone = sync.status?.lastSyncedAt != null;
  // Not during a sync (the first one says it is fetching), nor offline, where the offer could not work.
  if (!needed || dismissed || !firstSyncDone || sync.running || sync.offline) return null;
  return (
    <Alert
      color="indigo"
      variant="light"
      p="xs"
      icon={<InfoIcon size={18} />}
      data-testid="backfill-banner"
      styles={{ icon: { marginTop: 2 } }}
    >
      <Group gap="sm" justify="space-between" wrap="nowrap">
        <Text size="sm">
          Only your recent sales are on this computer. Fetch older ones in the background while you work.
        </Text>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            leftSection={<SyncIcon size={14} />}
            loading={backfill.starting}
            onClick={() => void backfill.start()}
          >
            Backfill the last {BACKFILL_MONTHS} months
          </Button>
          <CloseButton
            size="sm"
            aria-label="Not now"
            title="Not now (you can backfill from Settings)"
            onClick={() => setDismissed(true)}
          />
        </Group>
      </Group>
    </Alert>
  );
}
