/**
 * The body of the "Exporting …" notification: rows written of the total, the phase after the rows, and Cancel.
 */
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { ExportProgress } from '../../../../shared/ipc-contract';
import { formatCount } from '../../common/format';

/** Props of {@link ExportProgressMessage}. */
export interface ExportProgressMessageProps {
  progress: ExportProgress;
  onCancel: () => void;
}

/** Progress of a running export. */
export function ExportProgressMessage({ progress, onCancel }: ExportProgressMessageProps) {
  const total = progress.totalRows;
  const written = progress.rowsWritten;
  const percent = total > 0 ? Math.min(100, (written / total) * 100) : 0;
  const phase =
    progress.phase === 'summary'
      ? 'Writing the summary…'
      : progress.phase === 'finishing'
        ? 'Finishing the file…'
        : null;
  return (
    <Stack gap={6}>
      <Text size="sm">
        {phase ?? (total > 0 ? `${formatCount(written)} of ${formatCount(total)} sales written` : 'Preparing…')}
      </Text>
      <Progress value={phase ? 100 : percent} striped={phase !== null} animated={phase !== null} size="sm" />
      <Group justify="flex-end">
        <Button size="compact-xs" variant="default" onClick={onCancel}>
          Cancel export
        </Button>
      </Group>
    </Stack>
  );
}
