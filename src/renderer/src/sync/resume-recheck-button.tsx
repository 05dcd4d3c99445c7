/**
 * "Resume re-check": shown while a re-check (of a period or of all history) stopped before its end; it fetches
 * only the months not fetched again since the re-check began, so nothing starts over.
 */
import { Button } from '@mantine/core';
import { useState } from 'react';
import { formatIsoDay } from '../common/format';
import { SyncIcon } from '../common/icons';
import { useSyncActions, useSyncState } from './sync-context';
import { Tooltip } from '../common/tooltip';

/** The button, or nothing when no re-check is unfinished. */
export function ResumeRecheckButton({ size = 'compact-xs' }: { size?: 'compact-xs' | 'xs' }) {
  const sync = useSyncState();
  const syncActions = useSyncActions();
  const [resuming, setResuming] = useState(false);
  const pending = sync.unfinishedRecheck;
  if (pending === null) return null;
  const what = pending.all ? 'all history' : `${formatIsoDay(pending.from)} – ${formatIsoDay(pending.to)}`;
  const resume = async () => {
    setResuming(true);
    await syncActions.resumeRecheck();
    setResuming(false);
  };
  return (
    <Tooltip
      label={`The re-check of ${what} stopped before its end. Resume fetches only the days it has not fetched again yet.`}
      multiline
      w={280}
      withArrow
    >
      <Button
        size={size}
        variant="light"
        color="orange"
        leftSection={<SyncIcon size={13} />}
        loading={resuming}
        disabled={sync.running || sync.offline}
        onClick={() => void resume()}
        data-testid="resume-recheck"
      >
        Resume re-check
      </Button>
    </Tooltip>
  );
}
