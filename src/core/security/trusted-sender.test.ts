import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, APP_PAGE_URL } from './app-scheme';
import { isTrustedSender, originOf } from './trusted-sender';

/** Install folders a user could pick: spaces, `#`, `%`, and letters outside ASCII. */
const INSTALL_PATHS = [
  '/opt/Commission Desk',
  '/home/zoë/Apps/Commission Desk #2',
  '/Applications/Commission Desk 100%.app/Contents/Resources/app.asar',
  '/srv/販売 デスク/%2e%2e/Commission Desk',
  'C:\\Program Files\\Commission Desk #1 (100%)\\resources\\app.asar',
];

describe('isTrustedSender', () => {
  const app = { kind: 'origin', origin: APP_ORIGIN } as const;
  const dev = { kind: 'origin', origin: 'http://127.0.0.1:5173' } as const;

  it('S6/S10: accepts the app’s own page on app://commission-desk, with or without a hash route or a query', () => {
    expect(isTrustedSender(APP_PAGE_URL, app)).toBe(true);
    expect(isTrustedSender('app://commission-desk/index.html#/sales', app)).toBe(true);
    expect(isTrustedSender('app://COMMISSION-DESK/assets/x.js?v=1', app)).toBe(true);
  });

  it('S10: a file:// page is never trusted, wherever the app is installed', () => {
    for (const install of INSTALL_PATHS) {
      const index = `${install.replaceAll('\\', '/')}/out/renderer/index.html`;
      const fileUrl = pathToFileURL(index.startsWith('/') ? index : `/${index}`).href;
      expect(isTrustedSender(fileUrl, app), fileUrl).toBe(false);
      expect(isTrustedSender(`${fileUrl}#/sales`, app), fileUrl).toBe(false);
    }
  });

  it('S6: refuses a call with no sender frame', () => {
    expect(isTrustedSender(null, app)).toBe(false);
    expect(isTrustedSender(undefined, dev)).toBe(false);
    expect(isTrustedSender('', dev)).toBe(false);
  });

  it('S6/S10: refuses other schemes, other hosts, ports, credentials and look-alikes', () => {
    for (const url of [
      'file:///tmp/evil.html',
      'file://commission-desk/index.html',
      'https://commission-desk/index.html',
      'http://commission-desk/index.html',
      'app://commission-desk.evil.test/index.html',
      'app://evil.test/commission-desk/index.html',
      'app://commission-desk:8080/index.html',
      'app://user@commission-desk/index.html',
      'app://commission-desk@evil.test/index.html',
      'commission-desk://app/index.html',
      'about:blank',
      'data:text/html,<p>hi</p>',
      'not a url',
    ]) {
      expect(isTrustedSender(url, app), url).toBe(false);
    }
    expect(isTrustedSender('http://127.0.0.1:5174/', dev)).toBe(false);
    expect(isTrustedSender('http://127.0.0.1:5173.evil.test/', dev)).toBe(false);
    expect(isTrustedSender(APP_PAGE_URL, dev)).toBe(false);
  });

  it('S6: accepts the dev or test-host origin on any path', () => {
    expect(isTrustedSender('http://127.0.0.1:5173/index.html', dev)).toBe(true);
  });

  it('S10: the origin is computed for the app’s scheme, which Node’s URL leaves opaque', () => {
    expect(new URL(APP_PAGE_URL).origin).toBe('null');
    expect(originOf(APP_PAGE_URL)).toBe(APP_ORIGIN);
    expect(originOf('http://127.0.0.1:80/x')).toBe('http://127.0.0.1');
  });

  it('S10: an origin that is not one (a file, an opaque scheme) trusts nothing', () => {
    expect(isTrustedSender(APP_PAGE_URL, { kind: 'origin', origin: 'file:///opt/Commission Desk/out/renderer/' })).toBe(
      false,
    );
    expect(isTrustedSender('null', { kind: 'origin', origin: 'null' })).toBe(false);
  });
});
