/**
 * Data freshness for the range on screen: "Data as of …" when the cache covers every day of it, "Statuses checked
 * …" for the oldest status confirmation among the sales shown (T3), and a banner when the range is not all synced
 * (with a one-click sync of the missing days; while a sync fetches them, it says so with the header's progress
 * instead) or when the app is offline (the cached sales stay usable; the missing days can be set to sync once the
 * network is back).
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { addDays, type DayRange } from '../../../../shared/dates';
import type { IpcResult } from '../../../../shared/errors';
import type { SalesFilter } from '../../../../shared/sales-query';
import type { DataAsOf, StatusCheckAge, UnstoredSpan } from '../../../../shared/sales-query-types';
import { call } from '../../common/bridge';
import { formatDateTime, formatIsoDay, formatRelativeTime, pluralize } from '../../common/format';
import { InfoIcon, OfflineIcon, SyncIcon } from '../../common/icons';
import { useBridgeQuery } from '../../common/use-bridge-query';
import { missingDaysState, useSyncActions, useSyncState } from '../../sync';
import { statusCheckText } from './status-check-text';
import { Tooltip } from '../../common/tooltip';

function dayCount(range: DayRange): number {
  let n = 0;
  for (let d = range.from; d <= range.to && n < 100_000; d = addDays(d, 1)) n++;
  return n;
}

/** "12 Nov – 22 Nov 2026", or "3 gaps, 45 days" when there are many. */
export function missingText(missing: readonly DayRange[]): string {
  if (missing.length === 0) return 'none';
  if (missing.length <= 2) {
    return missing
      .map((r) => (r.from === r.to ? formatIsoDay(r.from) : `${formatIsoDay(r.from)} – ${formatIsoDay(r.to)}`))
      .join(' and ');
  }
  const days = missing.reduce((sum, r) => sum + dayCount(r), 0);
  return `${missing.length} gaps, ${pluralize(days, 'day', 'days')}`;
}

/**
 * What the service sent that could not be stored (T8): "2 records the service sent for 4 Mar 2026 could not be read
 * (…); those days stay incomplete until a sync stores them." Null when there were none.
 */
export function unstoredText(spans: readonly UnstoredSpan[] | undefined): string | null {
  if (spans === undefined || spans.length === 0) return null;
  const count = spans.reduce((sum, span) => sum + span.count, 0);
  const reasons = [...new Set(spans.flatMap((span) => span.reasons))].slice(0, 3);
  const why = reasons.length > 0 ? ` (${reasons.join('; ')})` : '';
  return `${pluralize(count, 'record', 'records')} the service sent for ${missingText(spans)} could not be read${why}; those days stay incomplete until a sync stores them.`;
}

/** "Data as of …" for the shown range. */
export function DataAsOfText({ dataAsOf }: { dataAsOf: DataAsOf | null }) {
  const sync = useSyncState();
  const lastSynced = sync.status?.lastSyncedAt ?? null;
  const at = dataAsOf?.asOf ?? (dataAsOf === null ? lastSynced : null);
  if (at === null) return null;
  const words =
    dataAsOf === null
      ? 'All cached sales, last synced'
      : dataAsOf.complete
        ? 'Data as of'
        : 'Partly synced, data as of';
  return (
    <Tooltip label={formatDateTime(at)} withArrow>
      <Text size="xs" c="dimmed" data-testid="data-as-of" data-as-of={at}>
        {words} {formatRelativeTime(at)}
      </Text>
    </Tooltip>
  );
}

/** An answer with the request it answers, so a line never shows another filter's time. */
interface AgeOf {
  key: string;
  age: StatusCheckAge;
}

/**
 * "Statuses checked <date time>" for the sales of `filter` (T3), re-read whenever the cache changes (so after every
 * sync). Until the answer for this very filter arrives nothing is claimed: an older answer for other sales could
 * overstate how current these are.
 */
export function StatusesCheckedText({ filter }: { filter: SalesFilter }) {
  const sync = useSyncState();
  const key = JSON.stringify(filter);
  const query = useBridgeQuery<AgeOf>(
    async (): Promise<IpcResult<AgeOf>> => {
      const result = await call('salesStatusAge', filter);
      return result.ok ? { ok: true, value: { key, age: result.value } } : result;
    },
    `${key}|${sync.dataVersion}`,
    { deferred: true },
  );
  if (query.status === 'error' && query.error) {
    return (
      <Tooltip label={query.error.message} multiline w={300} withArrow>
        <Text size="xs" c="red" data-testid="statuses-checked" data-state="error">
          Could not read when statuses were checked
        </Text>
      </Tooltip>
    );
  }
  const data = query.data !== null && query.data.key === key ? query.data.age : null;
  const line = data === null ? null : statusCheckText(data, new Date());
  if (line === null) return null;
  return (
    <Tooltip label={line.detail} multiline w={320} withArrow>
      <Text
        size="xs"
        c={line.stale ? 'orange.8' : 'dimmed'}
        data-testid="statuses-checked"
        data-oldest={data?.oldest ?? ''}
        data-never-checked={data?.neverChecked ?? 0}
        data-stale={line.stale ? 'true' : 'false'}
      >
        {line.text}
      </Text>
    </Tooltip>
  );
}

/** Props of {@link FreshnessBanner}. */
export interface FreshnessBannerProps {
  dataAsOf: DataAsOf | null;
  /** The filter's days, clipped to today; what "Sync the missing days" fetches. */
  range: DayRange | null;
}

/** The syncing / offline / not-fully-synced banner, or nothing when the range is complete and the app online. */
export function FreshnessBanner({ dataAsOf, range }: FreshnessBannerProps) {
  const sync = useSyncState();
  const incomplete = dataAsOf !== null && !dataAsOf.complete && range !== null;
  const missing = incomplete ? dataAsOf.missing : [];
  const progress = sync.status?.progress ?? null;
  const state = missingDaysState({
    incomplete,
    missing,
    running: sync.running,
    runKind: sync.runKind,
    runSpan: progress === null ? null : { from: progress.from, to: progress.to },
    offline: sync.offline,
    waiting: sync.waiting !== null,
  });
  if (state.kind === 'none') return null;
  if (state.kind === 'syncing') return <SyncingBanner outside={state.outside} />;
  const days = range === null ? null : { from: range.from, to: range.to < sync.today ? range.to : sync.today };
  if (state.kind === 'offline') return <OfflineBanner incomplete={state.incomplete} days={days} missing={missing} />;
  if (days === null) return null;
  return <MissingBanner busy={state.busy} days={days} missing={missing} unstored={dataAsOf?.unstored} />;
}

const BANNER_STYLES = { icon: { marginTop: 2 } };

/** "Syncing the days not on this computer yet (45% · about 1 min left)", in the header's own words. */
function SyncingBanner({ outside }: { outside: readonly DayRange[] }) {
  const sync = useSyncState();
  const first = sync.status?.lastSyncedAt === null;
  const measure = sync.progress === null || sync.progress.short === 'Starting…' ? null : sync.progress.short;
  return (
    <Alert
      color="blue"
      variant="light"
      p="xs"
      icon={<SyncIcon size={18} />}
      role="status"
      data-testid="syncing-banner"
      styles={BANNER_STYLES}
    >
      <Text size="sm">
        <strong>
          {first ? 'Fetching your sales for the first time' : 'Syncing the days not on this computer yet'}
        </strong>
        {measure !== null && (
          <>
            {' '}
            (<span data-testid="syncing-banner-progress">{measure}</span>)
          </>
        )}
        . The table and totals fill in as the days arrive.
        {outside.length > 0 && <> {missingText(outside)} are not part of this sync; sync them once it has finished.</>}
      </Text>
    </Alert>
  );
}

/** Days missing and the network available: say which, and sync them in one click. */
function MissingBanner({
  busy,
  days,
  missing,
  unstored,
}: {
  busy: boolean;
  days: DayRange;
  missing: readonly DayRange[];
  unstored?: readonly UnstoredSpan[];
}) {
  const sync = useSyncActions();
  const [starting, setStarting] = useState(false);
  const syncMissing = async () => {
    setStarting(true);
    await sync.start(days);
    setStarting(false);
  };
  const unread = unstoredText(unstored);
  return (
    <Alert
      color="yellow"
      variant="light"
      p="xs"
      icon={<InfoIcon size={18} />}
      role="status"
      data-testid="incomplete-banner"
      styles={BANNER_STYLES}
    >
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 300px' }}>
          <strong>Not every day of this range is synced yet.</strong> Missing: {missingText(missing)}. Totals cover only
          the days on this computer.
          {unread !== null && <> {unread}</>}
          {busy && <> Another sync is running; sync the missing days once it has finished.</>}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<SyncIcon size={14} />}
          loading={starting}
          disabled={busy}
          onClick={() => void syncMissing()}
        >
          Sync the missing days
        </Button>
      </Group>
    </Alert>
  );
}

/** Offline: the cached sales stay usable; the missing days can be set to sync as soon as the network is back. */
function OfflineBanner({
  incomplete,
  days,
  missing,
}: {
  incomplete: boolean;
  days: DayRange | null;
  missing: readonly DayRange[];
}) {
  const sync = useSyncState();
  const syncActions = useSyncActions();
  const lastSynced = sync.status?.lastSyncedAt ?? null;
  const waiting = sync.waiting !== null;
  return (
    <Alert
      color="orange"
      variant="light"
      p="xs"
      icon={<OfflineIcon size={18} />}
      role="status"
      data-testid="offline-banner"
      styles={BANNER_STYLES}
    >
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 300px' }}>
          <strong>You are offline.</strong> Showing the sales saved on this computer
          {lastSynced ? ` (last synced ${formatRelativeTime(lastSynced)})` : ''}.{' '}
          {incomplete && !waiting && (
            <>
              Some days of this range are not synced yet: {missingText(missing)}. Totals cover only the days on this
              computer.
            </>
          )}
          {incomplete && waiting && (
            <span data-testid="waiting-for-network">
              The missing days ({missingText(missing)}) will sync as soon as you are back online.
            </span>
          )}
          {!incomplete && 'Sync again once you are back online.'}
        </Text>
        {incomplete && days !== null && (
          <Group gap={4} wrap="nowrap">
            {waiting ? (
              <>
                <Button size="compact-sm" variant="default" onClick={syncActions.stopWaiting}>
                  Don’t wait
                </Button>
                {navigator.onLine && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    leftSection={<SyncIcon size={14} />}
                    onClick={() => void syncActions.retryNow()}
                  >
                    Try now
                  </Button>
                )}
              </>
            ) : (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<SyncIcon size={14} />}
                onClick={() => syncActions.syncWhenOnline(days)}
              >
                Sync when back online
              </Button>
            )}
          </Group>
        )}
      </Group>
    </Alert>
  );
}
