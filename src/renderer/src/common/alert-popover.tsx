/**
 * A small orange button that opens a list of what needs the user's attention (the last sync's notes, sales in no
 * total): the header and the totals keep their room, and the list is one click away.
 */
import { Button, Popover } from '@mantine/core';
import type { ReactNode } from 'react';
import { AlertIcon } from './icons';

/** Props of {@link AlertPopover}. */
export interface AlertPopoverProps {
  label: string;
  width: number;
  testId: string;
  /** Data attributes of the button, for tests. */
  data?: Record<`data-${string}`, string | number>;
  children: ReactNode;
}

/** The button and its dropdown. */
export function AlertPopover({ label, width, testId, data, children }: AlertPopoverProps) {
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus width={`min(${width}px, calc(100vw - 32px))`}>
      <Popover.Target>
        <Button
          size="compact-xs"
          variant="light"
          color="orange"
          leftSection={<AlertIcon size={12} />}
          style={{ flexShrink: 0 }}
          data-testid={`${testId}-button`}
          {...data}
        >
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid={`${testId}-list`}>{children}</Popover.Dropdown>
    </Popover>
  );
}
