import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  localStateKey,
  readLocalState,
  removeLocalState,
  writeLocalState,
  type LocalStateStorage,
} from './local-view-state';

function memoryStorage(): LocalStateStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('local view state', () => {
  const schema = z.object({ days: z.number().int().min(1) });

  it('keys per account, and app-wide without one', () => {
    expect(localStateKey('3f1c', 'columns')).toBe('commission-desk:account:3f1c:columns');
    expect(localStateKey(null, 'first-sync-days')).toBe('commission-desk:app:first-sync-days');
  });

  it('round-trips a valid value', () => {
    const storage = memoryStorage();
    expect(writeLocalState(storage, 'k', { days: 30 })).toBe(true);
    expect(readLocalState(storage, 'k', schema)).toEqual({ days: 30 });
    removeLocalState(storage, 'k');
    expect(readLocalState(storage, 'k', schema)).toBeNull();
  });

  it('ignores values that are not JSON or fail the schema', () => {
    const storage = memoryStorage();
    storage.data.set('bad-json', '{');
    storage.data.set('bad-shape', JSON.stringify({ days: 0 }));
    expect(readLocalState(storage, 'bad-json', schema)).toBeNull();
    expect(readLocalState(storage, 'bad-shape', schema)).toBeNull();
  });

  it('survives a storage that throws or is missing', () => {
    const throwing: LocalStateStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(readLocalState(throwing, 'k', schema)).toBeNull();
    expect(writeLocalState(throwing, 'k', { days: 1 })).toBe(false);
    expect(() => removeLocalState(throwing, 'k')).not.toThrow();
    expect(readLocalState(null, 'k', schema)).toBeNull();
    expect(writeLocalState(null, 'k', 1)).toBe(false);
  });
});
