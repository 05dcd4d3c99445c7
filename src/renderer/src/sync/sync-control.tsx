/**
 * The sync status in the header: when idle, "Last synced …" (relative, the exact time on hover) and a Sync button;
 * while a sync runs, its progress (records, pages, the bar's share and the time left, all from one measure) and
 * Cancel; and an Offline badge whenever the network or the service is out of reach. The Sync button runs the routine sync: the recent days the main process
 * always fetches again, plus every open sale (pending, or approved and unpaid) however old, so a payment that
 * arrived months after the sale is picked up without downloading the history again (T1). When the last sync noted
 * something (a sale sent twice with other values and which copy was kept, R6), a Notes button lists it.
 */
import { Badge, Button, Group, List, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime, formatRelativeTime } from '../common/format';
import { AlertIcon, OfflineIcon, SyncIcon } from '../common/icons';
import { useSyncActions, useSyncState } from './sync-context';
import { elsewhereText, progressView, type ProgressView } from './sync-text';
import type { SyncElsewhere } from '../../../shared/sync-progress';
import { Tooltip } from '../common/tooltip';
import { AlertPopover } from '../common/alert-popover';

/** The header's sync status, Sync and Cancel buttons, and offline badge. */
export function SyncControl() {
  const sync = useSyncState();
  const syncActions = useSyncActions();
  const [starting, setStarting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const status = sync.status;

  const syncNow = async () => {
    setStarting(true);
    await syncActions.startRoutine();
    setStarting(false);
  };

  const cancel = async () => {
    setCancelling(true);
    await syncActions.cancel();
    setCancelling(false);
  };

  return (
    <Group gap="xs" wrap="nowrap" miw={0} data-testid="sync-control" data-sync-error={status?.error?.code ?? ''}>
      {sync.offline && <OfflineBadge browserOffline={!navigator.onLine} />}
      {!sync.offline && !sync.running && status?.error && <FailedBadge message={status.error.message} />}
      {!sync.running && status !== null && status.notes.length > 0 && <SyncNotes notes={status.notes} />}
      {sync.running ? (
        <RunningSync
          progress={sync.progress}
          elsewhere={status?.elsewhere ?? null}
          cancelling={cancelling}
          onCancel={() => void cancel()}
        />
      ) : (
        <>
          {status?.elsewhere && <ElsewhereBadge elsewhere={status.elsewhere} />}
          <LastSynced at={status?.lastSyncedAt ?? null} />
          <Tooltip
            label="Fetch new sales and check every open sale again, however old (pending, or approved and not yet paid)."
            multiline
            w={260}
            withArrow
          >
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<SyncIcon size={15} />}
              loading={starting}
              disabled={status === null}
              onClick={() => void syncNow()}
            >
              Sync
            </Button>
          </Tooltip>
        </>
      )}
    </Group>
  );
}

function OfflineBadge({ browserOffline }: { browserOffline: boolean }) {
  const why = browserOffline
    ? 'This computer has no network connection.'
    : 'The last sync could not reach the service.';
  return (
    <Tooltip
      label={`${why} Cached sales stay available; sync again once you are back online.`}
      multiline
      w={260}
      withArrow
    >
      <Badge
        color="orange"
        variant="light"
        leftSection={<OfflineIcon size={12} />}
        data-testid="offline-indicator"
        style={{ flexShrink: 0 }}
      >
        Offline
      </Badge>
    </Tooltip>
  );
}

function FailedBadge({ message }: { message: string }) {
  return (
    <Tooltip
      label={`The last sync stopped: ${message} Sync again to retry; sales already fetched are kept.`}
      multiline
      w={280}
      withArrow
    >
      <Badge
        color="red"
        variant="light"
        leftSection={<AlertIcon size={12} />}
        data-testid="sync-failed"
        style={{ flexShrink: 0 }}
      >
        Sync failed
      </Badge>
    </Tooltip>
  );
}

function ElsewhereBadge({ elsewhere }: { elsewhere: SyncElsewhere }) {
  const text = elsewhereText(elsewhere, false);
  return (
    <Tooltip label={text.detail} multiline w={280} withArrow>
      <Badge
        color="blue"
        variant="light"
        leftSection={<SyncIcon size={12} />}
        data-testid="sync-elsewhere"
        style={{ flexShrink: 1, minWidth: 0 }}
      >
        {text.label}
      </Badge>
    </Tooltip>
  );
}

/** What the last sync noted, one click away: the header keeps its room. */
function SyncNotes({ notes }: { notes: readonly string[] }) {
  return (
    <AlertPopover label={notes.length === 1 ? '1 note' : `${notes.length} notes`} width={480} testId="sync-notes">
      <Text size="sm" fw={600} mb={6}>
        What the last sync noticed
      </Text>
      <ScrollArea.Autosize mah="50vh" type="auto" offsetScrollbars>
        <List size="sm" spacing={6} data-testid="sync-notes">
          {notes.map((note, i) => (
            <List.Item key={i}>{note}</List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </AlertPopover>
  );
}

function LastSynced({ at }: { at: string | null }) {
  const text = at === null ? 'Not synced yet' : `Last synced ${formatRelativeTime(at)}`;
  return (
    <Tooltip
      label={at === null ? 'No sync has finished for this account yet.' : `Last sync finished ${formatDateTime(at)}`}
      withArrow
    >
      <Text size="xs" c="dimmed" truncate="end" visibleFrom="sm" data-testid="last-synced" data-synced-at={at ?? ''}>
        {text}
      </Text>
    </Tooltip>
  );
}

function RunningSync({
  progress,
  elsewhere,
  cancelling,
  onCancel,
}: {
  progress: ProgressView | null;
  /** Another process's sync this one waits for, or null. */
  elsewhere: SyncElsewhere | null;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const waiting = elsewhere === null ? null : elsewhereText(elsewhere, true);
  const fetching = progress ?? progressView(null, null);
  const view = waiting === null ? fetching : { ...fetching, counts: '', detail: waiting.detail };
  return (
    <>
      <Tooltip label={view.detail} withArrow>
        <Stack
          gap={3}
          w={{ base: 90, sm: 200, lg: 420 }}
          role="status"
          aria-live="polite"
          data-testid="sync-progress"
          data-percent={view.percent ?? ''}
          data-detail={view.detail}
        >
          <Group gap={6} wrap="nowrap" justify="space-between">
            {/* What was fetched may be cut short; the share and the time left never are. */}
            <Text size="xs" truncate="end" miw={0} data-testid={waiting ? 'sync-waiting-elsewhere' : undefined}>
              {waiting ? waiting.label : 'Syncing…'}{' '}
              <Text span inherit visibleFrom="lg">
                {view.counts}
              </Text>
            </Text>
            {view.percent !== null && (
              <Text size="xs" style={{ flexShrink: 0 }} data-testid="sync-progress-measure">
                {view.percent}%
                <Text span inherit visibleFrom="sm">
                  {' '}
                  · {view.timeLeft}
                </Text>
              </Text>
            )}
          </Group>
          <Progress
            value={view.percent ?? 100}
            striped={view.percent === null}
            animated={view.percent === null}
            size="sm"
            aria-label={`Sync progress: ${view.detail}`}
          />
        </Stack>
      </Tooltip>
      <Button size="compact-sm" variant="default" loading={cancelling} onClick={onCancel}>
        Cancel
      </Button>
    </>
  );
}
