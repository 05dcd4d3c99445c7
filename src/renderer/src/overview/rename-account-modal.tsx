/**
 * Renames an account: the label only. The keychain entry and the cached sales stay as they are, so nothing is
 * fetched again and no credential is asked for. The name is checked in the main process; its message shows here.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { SessionStatus } from '../../../shared/ipc-contract';
import { call } from '../common/bridge';

/** The account being renamed. */
export interface RenameTarget {
  accountId: string;
  label: string;
}

/** Props of {@link RenameAccountModal}. */
export interface RenameAccountModalProps {
  target: RenameTarget | null;
  onClose: () => void;
  onRenamed: (status: SessionStatus) => void;
}

/** The rename dialog, open while `target` is set. */
export function RenameAccountModal({ target, onClose, onRenamed }: RenameAccountModalProps) {
  return (
    <Modal opened={target !== null} onClose={onClose} title="Rename account" centered>
      {target !== null && <RenameForm key={target.accountId} target={target} onClose={onClose} onRenamed={onRenamed} />}
    </Modal>
  );
}

function RenameForm({
  target,
  onClose,
  onRenamed,
}: {
  target: RenameTarget;
  onClose: () => void;
  onRenamed: (status: SessionStatus) => void;
}) {
  const [label, setLabel] = useState(target.label);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const result = await call('renameAccount', { accountId: target.accountId, label });
    setSaving(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    onRenamed(result.value);
    onClose();
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          value={label}
          onChange={(event) => {
            setLabel(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={100}
          data-autofocus
        />
        <Text size="xs" c="dimmed">
          Only the name changes. The stored credentials and the cached sales stay as they are.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save name
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
