import { describe, expect, it } from 'vitest';
import { createLogger, redact } from './logger';

describe('logger', () => {
  it('S7: removes credential header values and known secrets from every line', () => {
    const lines: string[] = [];
    const log = createLogger(
      (l) => lines.push(l),
      () => ['CANARY-SECRET-123'],
    );
    log.error('request.failed', {
      headers: { 'api-key': 'k-1234', 'api-secret': 'CANARY-SECRET-123', 'app-id': 'app-9' },
      error: new Error('server said CANARY-SECRET-123 is wrong'),
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('CANARY-SECRET-123');
    expect(lines[0]).not.toContain('k-1234');
    expect(lines[0]).toContain('request.failed');
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 'error', event: 'request.failed' });
  });

  it('redacts header-style text too', () => {
    expect(redact('api-secret: abcdef', [])).toBe('api-secret: [redacted]');
  });
});
