/**
 * The warning before a payments export whose open sales were last checked more than a day ago (T3): a payment that
 * arrived since would be missing from the file an accountant reconciles against the bank. The main process words
 * the warning (the same sentence the file's Summary carries); this offers the two ways on.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { AlertIcon, SyncIcon } from '../../common/icons';
import type { StalePrompt } from './use-export-runner';

/** The prompt, open while `prompt` is set. */
export function StaleExportPrompt({ prompt }: { prompt: StalePrompt | null }) {
  return (
    <Modal
      opened={prompt !== null}
      onClose={() => prompt?.answer('cancel')}
      title="Statuses may be out of date"
      centered
      size="md"
      zIndex={400}
      closeButtonProps={{ 'aria-label': 'Close without exporting' }}
    >
      {prompt !== null && (
        <Stack gap="md" data-testid="stale-export-warning">
          <Alert color="orange" variant="light" icon={<AlertIcon size={18} />} p="xs">
            <Text size="sm">{prompt.warning}</Text>
          </Alert>
          <Text size="sm" c="dimmed">
            Syncing first checks every open sale again, so payments that arrived since are in the file. No file is
            written until you export again.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => prompt.answer('export')}>
              Export anyway
            </Button>
            <Button leftSection={<SyncIcon size={14} />} onClick={() => prompt.answer('sync')} data-autofocus>
              Sync now first
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
