/**
 * A button of the sales toolbar: icon and words in a wide window, the icon alone (named, with a tooltip) in a narrow
 * one, so the toolbar stays on the tabs' line and leaves the height to the table.
 */
import { ActionIcon, Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Tooltip } from '../../common/tooltip';

/** Below this width the toolbar's buttons show their icons only. */
export const COMPACT_TOOLBAR_QUERY = '(max-width: 1000px)';

/** Props of {@link ToolbarButton}: a label, an icon, and what a button takes. */
export interface ToolbarButtonProps extends Omit<ComponentPropsWithoutRef<'button'>, 'children' | 'color'> {
  label: string;
  icon: ReactNode;
  /** Filled in lightly while what it controls is open. */
  active?: boolean;
}

/** The toolbar button; forwards its ref (React 19) so it can be a popover's target. */
export function ToolbarButton({
  label,
  icon,
  active = false,
  ref,
  ...rest
}: ToolbarButtonProps & { ref?: React.Ref<HTMLButtonElement> }) {
  const compact = useMediaQuery(COMPACT_TOOLBAR_QUERY, false);
  const variant = active ? 'light' : 'default';
  if (compact) {
    return (
      <Tooltip label={label} withArrow>
        <ActionIcon ref={ref} size="input-xs" variant={variant} aria-label={label} {...rest}>
          {icon}
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button ref={ref} size="xs" variant={variant} leftSection={icon} {...rest}>
      {label}
    </Button>
  );
}
