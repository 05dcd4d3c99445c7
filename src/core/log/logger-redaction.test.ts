import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

function capture(secrets: readonly string[] = []) {
  const lines: string[] = [];
  return {
    lines,
    log: createLogger(
      (l) => lines.push(l),
      () => secrets,
      () => new Date('2026-01-02T03:04:05Z'),
    ),
  };
}

describe('logger redaction by field name', () => {
  it('S7: values under credential-like field names are never written, at any depth, whatever they hold', () => {
    const { lines, log } = capture();
    log.error('request.failed', {
      apiSecret: 'unknown-secret-1',
      request: {
        headers: { Authorization: 'Bearer unknown-token-2', 'api-key': 'unknown-key-3' },
        body: { password: 'unknown-pw-4' },
      },
      list: [{ accessToken: 'unknown-token-5' }],
    });
    for (const value of ['unknown-secret-1', 'unknown-token-2', 'unknown-key-3', 'unknown-pw-4', 'unknown-token-5'])
      expect(lines[0]).not.toContain(value);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      event: 'request.failed',
      request: { body: { password: '[redacted]' } },
    });
  });

  it('S7: an error cause carrying the secret is redacted too', () => {
    const { lines, log } = capture(['CANARY-held-secret']);
    log.error('sync.failed', { error: new Error('outer', { cause: new Error('inner CANARY-held-secret') }) });
    expect(lines[0]).not.toContain('CANARY-held-secret');
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      error: { message: 'outer', cause: { message: 'inner [redacted]' } },
    });
  });

  it('cycles, deep nesting and bigints cannot break a log line', () => {
    const { lines, log } = capture();
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 50; i += 1) deep = deep.next = {} as Record<string, unknown>;
    log.warn('odd.values', { cyclic, root, big: 10n });
    const parsed = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(parsed).toMatchObject({ cyclic: { name: 'a', self: '[circular]' }, big: '10' });
    expect(lines[0]).toContain('[too deep]');
  });
});
