/**
 * The app's tooltip: Mantine's Tooltip once the window's first frame is painted, its target alone before that (see
 * first-paint.ts). The target is drawn the same either way; only the tooltip's floating part waits.
 */
import { Tooltip as MantineTooltip, type TooltipProps as MantineTooltipProps } from '@mantine/core';
import { useFirstPaintDone } from './first-paint';

/** Props of {@link Tooltip}: those of Mantine's Tooltip. */
export type TooltipProps = MantineTooltipProps;

/** A tooltip on its one child element. */
export function Tooltip(props: TooltipProps) {
  return useFirstPaintDone() ? <MantineTooltip {...props} /> : props.children;
}
