/**
 * One tab stop for a list of items (a "roving tabindex"): Tab reaches the current item only, the arrow keys, Home
 * and End move between items. Long lists (the navbar's sections, the rows of Changes) then cost one Tab, not one each.
 */
import { useState, type KeyboardEvent } from 'react';

/** Marks the items of a roving group; the keydown handler finds them by it, in document order. */
export const ROVING_ITEM = 'data-roving-item';

/** What {@link useRovingFocus} gives the list. */
export interface RovingFocus {
  /** 0 for the item that takes the tab stop, -1 for the others. */
  tabIndexOf: (index: number) => 0 | -1;
  /** Put on each item: the item focused (by click or Tab) becomes the tab stop. */
  onItemFocus: (index: number) => void;
  /** Gives the tab stop back to the preferred item. */
  reset: () => void;
  /** Put on the list's container. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

const PREVIOUS = new Set(['ArrowUp', 'ArrowLeft']);
const NEXT = new Set(['ArrowDown', 'ArrowRight']);

function targetIndex(key: string, at: number, count: number): number | null {
  if (PREVIOUS.has(key)) return Math.max(0, at - 1);
  if (NEXT.has(key)) return Math.min(count - 1, at + 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** A roving tab stop over `count` items; `preferred` takes the stop until an item is focused (e.g. the active one). */
export function useRovingFocus(count: number, preferred = 0): RovingFocus {
  const [focused, setFocused] = useState<number | null>(null);
  const stop = Math.max(0, Math.min(count - 1, focused ?? preferred));
  return {
    tabIndexOf: (index) => (index === stop ? 0 : -1),
    onItemFocus: setFocused,
    reset: () => setFocused(null),
    onKeyDown: (event) => {
      const items = [...event.currentTarget.querySelectorAll<HTMLElement>(`[${ROVING_ITEM}]`)];
      const at = items.findIndex((item) => item === document.activeElement);
      if (at < 0) return;
      const next = targetIndex(event.key, at, items.length);
      if (next === null) return;
      event.preventDefault();
      setFocused(next);
      items[next]?.focus();
    },
  };
}
