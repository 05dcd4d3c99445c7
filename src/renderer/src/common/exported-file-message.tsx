/**
 * The body of an export's success message: what was written and where, and the two ways to reach the file — "Show in
 * folder" (the file manager with the file selected) and "Open" (the spreadsheet app). The main process allows only
 * files this app wrote, and opens only the latest, so a refusal or a moved file is said plainly inside the same
 * message rather than as one more notification.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { call } from './bridge';
import { FolderIcon, SpreadsheetIcon } from './icons';

/** Props of {@link ExportedFileMessage}. */
export interface ExportedFileMessageProps {
  /** "Exported 12 sales to file.xlsx", naming the file. */
  summary: string;
  filePath: string;
}

type Action = 'show' | 'open';

/** The sentence, the two buttons, and the last action's problem, if any. */
export function ExportedFileMessage({ summary, filePath }: ExportedFileMessageProps) {
  const [busy, setBusy] = useState<Action | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const act = async (action: Action) => {
    setBusy(action);
    setProblem(null);
    const result =
      action === 'show' ? await call('showInFolder', { path: filePath }) : await call('openFile', { path: filePath });
    setBusy(null);
    if (!result.ok) setProblem(result.error.message);
  };

  return (
    <Stack gap={6}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {summary}
      </Text>
      <Group gap="xs">
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<FolderIcon size={14} />}
          loading={busy === 'show'}
          disabled={busy !== null}
          onClick={() => void act('show')}
        >
          Show in folder
        </Button>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<SpreadsheetIcon size={14} />}
          loading={busy === 'open'}
          disabled={busy !== null}
          onClick={() => void act('open')}
        >
          Open
        </Button>
      </Group>
      {problem !== null && (
        <Text
          size="xs"
          c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))"
          fw={500}
          role="alert"
          data-testid="exported-file-problem"
        >
          {problem}
        </Text>
      )}
    </Stack>
  );
}
