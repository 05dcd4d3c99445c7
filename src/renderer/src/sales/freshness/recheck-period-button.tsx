/**
 * "Re-check this period" (T4): fetches every day of the period on screen again, so the statuses of all its sales —
 * paid and declined ones too, which routine syncs leave alone — are confirmed by the service now. Progress and
 * Cancel are the header's; a cancelled re-check offers "Resume re-check" here and in Settings.
 */
import type { DayRange } from '../../../../shared/dates';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { formatIsoDay } from '../../common/format';
import { SyncIcon } from '../../common/icons';
import { ResumeRecheckButton, useSyncActions, useSyncState } from '../../sync';
import { Tooltip } from '../../common/tooltip';

/** Props of {@link RecheckPeriodButton}. */
export interface RecheckPeriodButtonProps {
  /** The days shown; null when the screen shows every cached sale (then Settings re-checks all history). */
  range: DayRange | null;
}

/** The button, and "Resume re-check" beside it while a re-check is unfinished. */
export function RecheckPeriodButton({ range }: RecheckPeriodButtonProps) {
  const sync = useSyncState();
  const syncActions = useSyncActions();
  const [starting, setStarting] = useState(false);
  const period = range === null ? null : { from: range.from, to: range.to < sync.today ? range.to : sync.today };
  const recheck = async () => {
    if (period === null) return;
    setStarting(true);
    await syncActions.recheck(period);
    setStarting(false);
  };
  const why =
    period === null
      ? 'Choose a date range to re-check it, or re-check all history in Settings.'
      : `Fetch every day from ${formatIsoDay(period.from)} to ${formatIsoDay(period.to)} again, to confirm the status of every sale — paid and declined ones too. What changed appears in Changes.`;
  return (
    <Group gap={4} wrap="nowrap">
      <ResumeRecheckButton />
      <Tooltip
        label={sync.offline ? 'You are offline. Re-check once you are back online.' : why}
        multiline
        w={300}
        withArrow
      >
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<SyncIcon size={13} />}
          loading={starting}
          disabled={period === null || sync.running || sync.offline || sync.status === null}
          onClick={() => void recheck()}
        >
          Re-check this period
        </Button>
      </Tooltip>
    </Group>
  );
}
