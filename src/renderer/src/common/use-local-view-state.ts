/**
 * Remembered local view state as React state: read (and checked) when the key changes, written on every change.
 * Each key is read once per mount, so switching account (a new key) shows that account's own choice.
 */
import { useCallback, useState } from 'react';
import { browserStorage, readLocalState, writeLocalState, type LocalStateSchema } from './local-view-state';

/** The remembered value and a setter that also stores it. */
export function useLocalState<T>(
  key: string,
  schema: LocalStateSchema<T>,
  fallback: T | (() => T),
): [T, (next: T | ((previous: T) => T)) => void] {
  const read = (): T =>
    readLocalState(browserStorage(), key, schema) ??
    (typeof fallback === 'function' ? (fallback as () => T)() : fallback);
  const [state, setState] = useState<{ key: string; value: T }>(() => ({ key, value: read() }));
  let current = state;
  if (state.key !== key) {
    current = { key, value: read() };
    setState(current);
  }
  const set = useCallback((next: T | ((previous: T) => T)) => {
    setState((previous) => {
      const value = typeof next === 'function' ? (next as (p: T) => T)(previous.value) : next;
      writeLocalState(browserStorage(), previous.key, value);
      return { key: previous.key, value };
    });
  }, []);
  return [current.value, set];
}
