/**
 * Holds typed credentials briefly outside React state, for exactly one purpose: when only the
 * keychain failed, "Continue for this session only" can resend what the user just typed instead
 * of making them type the secret again. The hold ends at the first of: the retry taking it, the
 * user editing the form, leaving the screen, or a short timeout — so the secret never lingers.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a held value waits for the user to choose; after that they type it again. */
export const HOLD_MS = 2 * 60_000;

/** A value held for one retry, and whether one is held (for showing the retry button). */
export interface HeldCredentials<T> {
  held: boolean;
  hold: (value: T) => void;
  /** Returns the held value, if still there, and forgets it. */
  take: () => T | null;
  clear: () => void;
}

/** Creates the holder; it is emptied when the component unmounts. */
export function useHeldCredentials<T>(ttlMs: number = HOLD_MS): HeldCredentials<T> {
  const value = useRef<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [held, setHeld] = useState(false);

  const clear = useCallback(() => {
    value.current = null;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    setHeld(false);
  }, []);

  const hold = useCallback(
    (next: T) => {
      clear();
      value.current = next;
      timer.current = setTimeout(clear, ttlMs);
      setHeld(true);
    },
    [clear, ttlMs],
  );

  const take = useCallback(() => {
    const current = value.current;
    clear();
    return current;
  }, [clear]);

  useEffect(() => clear, [clear]);

  return { held, hold, take, clear };
}
