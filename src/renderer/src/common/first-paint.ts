/**
 * Whether the window has painted its first frame. What nobody sees in that frame waits for it: tooltips (each sets up
 * its floating position in a second render before the frame can be drawn), closed dialogs and drawers, and the
 * notifications' container. Left in, they hold back the first frame, the one with the sales on it; they are ready
 * one frame later, before anyone can point at them.
 */
import { useEffect, useSyncExternalStore } from 'react';

/** Schedules a callback before the next frame is drawn (the browser's requestAnimationFrame). */
export type FrameScheduler = (callback: () => void) => void;

/** One window's "first frame painted" flag. */
export interface PaintSignal {
  /**
   * Marks the frame painted once the next frame has been drawn: the task after a frame's callbacks runs once that
   * frame is on screen. Only the first call schedules anything.
   */
  note: (frame?: FrameScheduler) => void;
  painted: () => boolean;
  /** Calls `listener` when the flag turns; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
}

/** A fresh signal (the window has one; tests make their own). */
export function createPaintSignal(): PaintSignal {
  let painted = false;
  let scheduled = false;
  const listeners = new Set<() => void>();
  const markPainted = () => {
    painted = true;
    for (const listener of listeners) listener();
  };
  return {
    note: (frame = (callback) => requestAnimationFrame(callback)) => {
      if (scheduled) return;
      scheduled = true;
      frame(() => setTimeout(markPainted, 0));
    },
    painted: () => painted,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

const windowPaint = createPaintSignal();

/** True once the window's first frame has been painted; the component re-renders when it turns. */
export function useFirstPaintDone(): boolean {
  return useSyncExternalStore(windowPaint.subscribe, windowPaint.painted);
}

/** Put once near the root: after its first commit, waits for the frame that shows it, then marks it painted. */
export function useNotePaint(): void {
  useEffect(() => windowPaint.note(), []);
}
