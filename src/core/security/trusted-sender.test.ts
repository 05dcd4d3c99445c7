import { describe, expect, it } from 'vitest';
import { isTrustedSender } from './trusted-sender';

describe('isTrustedSender', () => {
  const file = { kind: 'file', indexPath: '/opt/Commission Desk/out/renderer/index.html' } as const;
  const dev = { kind: 'origin', origin: 'http://127.0.0.1:5173' } as const;

  it('S6: accepts the app’s own index page, with or without a hash route', () => {
    expect(isTrustedSender('file:///opt/Commission%20Desk/out/renderer/index.html', file)).toBe(true);
    expect(isTrustedSender('file:///opt/Commission%20Desk/out/renderer/index.html#/sales', file)).toBe(true);
  });

  it('S6: refuses a call with no sender frame', () => {
    expect(isTrustedSender(null, file)).toBe(false);
    expect(isTrustedSender(undefined, dev)).toBe(false);
    expect(isTrustedSender('', dev)).toBe(false);
  });

  it('S6: refuses other files, other origins and look-alikes', () => {
    expect(isTrustedSender('file:///tmp/evil.html', file)).toBe(false);
    expect(isTrustedSender('file://attacker/opt/Commission%20Desk/out/renderer/index.html', file)).toBe(false);
    expect(isTrustedSender('https://example.com/', file)).toBe(false);
    expect(isTrustedSender('http://127.0.0.1:5174/', dev)).toBe(false);
    expect(isTrustedSender('http://127.0.0.1:5173.evil.test/', dev)).toBe(false);
    expect(isTrustedSender('not a url', dev)).toBe(false);
  });

  it('S6: accepts the dev or test-host origin on any path', () => {
    expect(isTrustedSender('http://127.0.0.1:5173/index.html', dev)).toBe(true);
  });
});
