/**
 * The app's tooltip: Mantine's Tooltip once the window's first frame is painted, its target alone before that (see
 * first-paint.ts). The target is drawn the same either way; only the tooltip's floating part waits.
 */
import { Tooltip, type TooltipProps } from '@mantine/core';
import { useFirstPaintDone } from './first-paint';

/** Props of {@link Hint}: those of Mantine's Tooltip. */
export type HintProps = TooltipProps;

/** A tooltip on its one child element. */
export function Hint(props: HintProps) {
  return useFirstPaintDone() ? <Tooltip {...props} /> : props.children;
}
