import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { guardedStore } from './cache-errors';

function sqliteError(code: string): Error {
  return Object.assign(new Error(`database disk image is malformed (${code})`), { code });
}

describe('a store whose file turns out damaged mid-session', () => {
  const store = {
    base: 10,
    add(n: number): number {
      return this.base + n;
    },
    damaged(): number {
      throw sqliteError('SQLITE_CORRUPT');
    },
    notADatabase(): number {
      throw sqliteError('SQLITE_NOTADB');
    },
    busy(): number {
      throw sqliteError('SQLITE_BUSY');
    },
  };
  const guarded = guardedStore(store);

  it('answers as the store does while the file is sound', () => {
    expect(guarded.add(5)).toBe(15);
    expect(guarded.base).toBe(10);
  });

  it('turns a corruption into CACHE_CORRUPT, telling the user to restart so the file is set aside', () => {
    for (const read of [() => guarded.damaged(), () => guarded.notADatabase()]) {
      const error = (() => {
        try {
          read();
        } catch (caught) {
          return caught;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: 'CACHE_CORRUPT',
        message: expect.stringContaining('Restart Commission Desk'),
      });
    }
  });

  it('lets every other error through unchanged', () => {
    expect(() => guarded.busy()).toThrow(/SQLITE_BUSY/);
    expect(() => guarded.busy()).not.toThrow(AppError);
  });
});
