import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { preferenceKey, readPreference, removePreference, writePreference, type PreferenceStorage } from './preferences';

function memoryStorage(): PreferenceStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('preferences', () => {
  const schema = z.object({ days: z.number().int().min(1) });

  it('keys per account, and app-wide without one', () => {
    expect(preferenceKey('3f1c', 'columns')).toBe('commission-desk:account:3f1c:columns');
    expect(preferenceKey(null, 'first-sync-days')).toBe('commission-desk:app:first-sync-days');
  });

  it('round-trips a valid value', () => {
    const storage = memoryStorage();
    expect(writePreference(storage, 'k', { days: 30 })).toBe(true);
    expect(readPreference(storage, 'k', schema)).toEqual({ days: 30 });
    removePreference(storage, 'k');
    expect(readPreference(storage, 'k', schema)).toBeNull();
  });

  it('ignores values that are not JSON or fail the schema', () => {
    const storage = memoryStorage();
    storage.data.set('bad-json', '{');
    storage.data.set('bad-shape', JSON.stringify({ days: 0 }));
    expect(readPreference(storage, 'bad-json', schema)).toBeNull();
    expect(readPreference(storage, 'bad-shape', schema)).toBeNull();
  });

  it('survives a storage that throws or is missing', () => {
    const throwing: PreferenceStorage = {
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
    expect(readPreference(throwing, 'k', schema)).toBeNull();
    expect(writePreference(throwing, 'k', { days: 1 })).toBe(false);
    expect(() => removePreference(throwing, 'k')).not.toThrow();
    expect(readPreference(null, 'k', schema)).toBeNull();
    expect(writePreference(null, 'k', 1)).toBe(false);
  });
});
