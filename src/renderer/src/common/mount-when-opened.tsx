/**
 * Mounts a dialog the first time it opens, and keeps it mounted after (so it can play its closing animation). A closed
 * Mantine modal or drawer still renders a transition, a portal, a focus trap and a scroll lock; six of them were a
 * tenth of the first screen's components, drawn before the sales appeared for dialogs nobody had opened yet.
 *
 * The first time, the dialog is drawn closed for one frame and then opened, so it sees the same change from closed to
 * open as a dialog mounted from the start: it notes where the focus was (and gives it back when it closes) and plays
 * its opening transition.
 */
import { useEffect, useState, type ReactNode } from 'react';

type Phase = 'unmounted' | 'mounting' | 'mounted';

/** Nothing until `opened` is first true; from then on `children(opened)`, closed for the first frame. */
export function MountWhenOpened({ opened, children }: { opened: boolean; children: (opened: boolean) => ReactNode }) {
  const [phase, setPhase] = useState<Phase>('unmounted');
  if (opened && phase === 'unmounted') setPhase('mounting');
  useEffect(() => {
    if (phase !== 'mounting') return undefined;
    const frame = requestAnimationFrame(() => setPhase('mounted'));
    return () => cancelAnimationFrame(frame);
  }, [phase]);
  if (phase === 'unmounted') return null;
  return children(phase === 'mounted' && opened);
}
