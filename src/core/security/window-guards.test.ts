import { describe, expect, it } from 'vitest';
import { isPermissionGranted, isPermissionGrantedFor } from './navigation-policy';
import { APP_ORIGIN } from './app-scheme';
import type { TrustedRenderer } from './trusted-sender';
import { attachWindowGuards, type GuardedContents, type Preventable } from './window-guards';

type NavListener = (event: Preventable, url: string) => void;

/** A stand-in web contents that records the guards and lets a test fire their events. */
function fakeContents() {
  const listeners: Record<string, NavListener[]> = {};
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  const add = (name: string) => (listener: NavListener) => {
    (listeners[name] ??= []).push(listener);
  };
  const contents: GuardedContents = {
    onWillNavigate: add('will-navigate'),
    onWillRedirect: add('will-redirect'),
    onWillFrameNavigate: add('will-frame-navigate'),
    onWillAttachWebview: (listener) => add('will-attach-webview')((event) => listener(event)),
    setWindowOpenHandler: (handler) => {
      openHandler = handler;
    },
  };
  const fire = (name: string, url = ''): boolean => {
    let prevented = false;
    for (const l of listeners[name] ?? []) l({ preventDefault: () => (prevented = true) }, url);
    return prevented;
  };
  const open = (url: string) => {
    if (!openHandler) throw new Error('no window-open handler attached');
    return openHandler({ url });
  };
  return { contents, fire, open, listeners };
}

const trusted: TrustedRenderer = { kind: 'origin', origin: APP_ORIGIN };

function guarded() {
  const blocked: string[] = [];
  const fake = fakeContents();
  attachWindowGuards(fake.contents, {
    trusted,
    onBlocked: (what) => blocked.push(what),
  });
  return { ...fake, blocked };
}

describe('window guards', () => {
  it('S1: a <webview> can never be attached', () => {
    const { fire, blocked } = guarded();
    expect(fire('will-attach-webview')).toBe(true);
    expect(blocked).toEqual(['webview']);
  });

  it('S4: navigation, redirects and frame navigation away from the app’s page are prevented; its own page is not', () => {
    const { fire } = guarded();
    for (const event of ['will-navigate', 'will-redirect', 'will-frame-navigate']) {
      expect(fire(event, 'https://example.com/'), event).toBe(true);
      expect(fire(event, 'file:///etc/passwd'), event).toBe(true);
      expect(fire(event, 'javascript:alert(1)'), event).toBe(true);
      expect(fire(event, 'file:///app/out/renderer/index.html#/sales'), event).toBe(true);
      expect(fire(event, 'app://commission-desk/index.html#/sales'), event).toBe(false);
    }
  });

  it('S4: window.open opens no window and never the browser, not even for an https address', () => {
    const { open, blocked } = guarded();
    for (const url of [
      'https://shop.example.com/c/summer',
      'file:///etc/passwd',
      'http://shop.example.com/',
      'about:blank',
      'commission-desk://x',
    ]) {
      expect(open(url), url).toEqual({ action: 'deny' });
    }
    expect(blocked).toEqual(Array(5).fill('window-open'));
  });
});

describe('permission policy', () => {
  it('S5: camera, microphone, notifications, geolocation and the rest are denied to every page', () => {
    for (const p of [
      'media',
      'mediaKeySystem',
      'notifications',
      'geolocation',
      'midi',
      'midiSysex',
      'pointerLock',
      'fullscreen',
      'openExternal',
      'clipboard-read',
      'display-capture',
      'hid',
      'serial',
      'usb',
      'idle-detection',
      'window-management',
      'unknown',
    ]) {
      expect(isPermissionGranted(p), p).toBe(false);
      expect(isPermissionGrantedFor(p, 'app://commission-desk/index.html', trusted), p).toBe(false);
    }
  });

  it('S5: writing text to the clipboard (Copy diagnostics) is allowed only to the app’s own page', () => {
    expect(isPermissionGrantedFor('clipboard-sanitized-write', 'app://commission-desk/index.html', trusted)).toBe(true);
    expect(isPermissionGrantedFor('clipboard-sanitized-write', 'file:///app/out/renderer/index.html', trusted)).toBe(
      false,
    );
    expect(isPermissionGrantedFor('clipboard-sanitized-write', 'https://evil.example/', trusted)).toBe(false);
    expect(isPermissionGrantedFor('clipboard-sanitized-write', null, trusted)).toBe(false);
  });
});
