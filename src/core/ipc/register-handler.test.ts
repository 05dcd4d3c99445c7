import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { createSilentLogger } from '../log';
import { IpcTable } from './ipc-registrar';
import { registerHandler } from './register-handler';

const trustedUrl = 'http://127.0.0.1:4000/';
const policy = {
  trusted: { kind: 'origin', origin: 'http://127.0.0.1:4000' } as const,
  logger: createSilentLogger(),
};
const validQuery = {
  filter: { from: '2026-01-01', to: '2026-01-31' },
  sort: { column: 'transactionDate', direction: 'desc' },
  offset: 0,
  limit: 50,
};

function tableWith(handler: () => Promise<never>, calls: { count: number }) {
  const table = new IpcTable();
  registerHandler(
    table,
    'querySales',
    async () => {
      calls.count += 1;
      return handler();
    },
    policy,
  );
  const listener = table.get('sales:query');
  if (!listener) throw new Error('not registered');
  return listener;
}

describe('registerHandler', () => {
  it('S6: refuses a call from a foreign frame or with no frame, without running the handler', async () => {
    const calls = { count: 0 };
    const listener = tableWith(async () => Promise.reject(new Error('should not run')), calls);
    for (const senderUrl of [null, 'https://evil.example/', 'http://127.0.0.1:4001/']) {
      const result = await listener({ senderUrl }, validQuery);
      expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'UNTRUSTED_SENDER' }) });
    }
    expect(calls.count).toBe(0);
  });

  it('S6: wrong types, unknown keys, __proto__ keys and oversize payloads give INVALID_INPUT', async () => {
    const calls = { count: 0 };
    const listener = tableWith(async () => Promise.reject(new Error('should not run')), calls);
    const hostile: unknown[] = [
      'page 1',
      { ...validQuery, offset: '1' },
      { ...validQuery, limit: 1001 },
      { ...validQuery, filter: { from: '../../etc/passwd' } },
      { ...validQuery, sort: { column: 'constructor', direction: 'asc' } },
      JSON.parse(`{"__proto__": {"admin": true}, "filter": {}, "offset": 0, "limit": 5}`),
      { ...validQuery, filter: { text: 'x'.repeat(1_100_000) } },
      { ...validQuery, offset: Number.NaN },
    ];
    for (const input of hostile) {
      const result = await listener({ senderUrl: trustedUrl }, input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('INVALID_INPUT');
    }
    expect(calls.count).toBe(0);
  });

  it('says a schema’s own message to people plainly, and keeps the path of any other refusal', async () => {
    const table = new IpcTable();
    registerHandler(table, 'renameAccount', async () => Promise.reject(new Error('should not run')), policy);
    const listener = table.get('accounts:rename');
    if (!listener) throw new Error('not registered');
    const blank = await listener(
      { senderUrl: trustedUrl },
      { accountId: '6f1d2c3a-4b5e-4f60-8a7b-9c0d1e2f3a4b', label: '  ' },
    );
    expect(blank).toEqual({ ok: false, error: { code: 'INVALID_INPUT', message: 'Enter a name for the account.' } });
    const wrongType = await listener(
      { senderUrl: trustedUrl },
      { accountId: '6f1d2c3a-4b5e-4f60-8a7b-9c0d1e2f3a4b', label: 7 },
    );
    expect(wrongType.ok ? '' : wrongType.error.message).toMatch(/^The request was not accepted \(label: /);
  });

  it('returns an AppError as data with its code and message', async () => {
    const calls = { count: 0 };
    const listener = tableWith(async () => Promise.reject(new AppError('AUTH_INVALID', 'Sign in again.')), calls);
    expect(await listener({ senderUrl: trustedUrl }, validQuery)).toEqual({
      ok: false,
      error: { code: 'AUTH_INVALID', message: 'Sign in again.' },
    });
    expect(calls.count).toBe(1);
  });

  it('hides an unexpected exception behind INTERNAL and keeps answering', async () => {
    const calls = { count: 0 };
    const listener = tableWith(async () => Promise.reject(new TypeError('secret internals')), calls);
    const result = await listener({ senderUrl: trustedUrl }, validQuery);
    expect(result).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: expect.not.stringContaining('secret internals') },
    });
    const again = await listener({ senderUrl: trustedUrl }, validQuery);
    expect(again.ok).toBe(false);
    expect(calls.count).toBe(2);
  });
});
