/**
 * Copying a sale's identifiers (reference, sub-ID) to the clipboard, from the table and the drawer alike, with a
 * short confirmation, or a plain way out when the clipboard is not available.
 */
import { ActionIcon } from '@mantine/core';
import type { MouseEvent } from 'react';
import { CopyIcon } from '../../common/icons';
import { Tooltip } from '../../common/tooltip';
import { notify } from '../../common/notify';

/** Puts `value` on the clipboard and says so; `label` names it in the messages ("reference"). */
export async function copyValue(label: string, value: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    notify({
      kind: 'copy',
      tone: 'success',
      message: `Copied ${value}`,
      autoClose: 2500,
      testId: 'copied-notification',
    });
  } catch {
    notify({
      kind: 'copy',
      tone: 'error',
      title: 'Could not copy',
      message: `The clipboard is not available. Open the sale, select the ${label} and copy it by hand.`,
    });
  }
}

/** Props of {@link CopyValueButton}. */
export interface CopyValueButtonProps {
  label: string;
  value: string;
  className?: string;
}

/**
 * A small copy button inside a table cell. It is not a tab stop (the table is one, and Enter opens the sale, whose
 * drawer has the same copy buttons), and a click on it does not open the sale.
 */
export function CopyValueButton({ label, value, className }: CopyValueButtonProps) {
  const onClick = (event: MouseEvent) => {
    event.stopPropagation();
    void copyValue(label, value);
  };
  return (
    <Tooltip label={`Copy ${label}`} withArrow openDelay={300}>
      <ActionIcon
        size="xs"
        variant="subtle"
        color="gray"
        tabIndex={-1}
        aria-label={`Copy ${label} ${value}`}
        title=""
        className={className}
        onClick={onClick}
        data-testid="copy-cell"
      >
        <CopyIcon size={13} />
      </ActionIcon>
    </Tooltip>
  );
}
