import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isAllowedNavigation, isPermissionGranted, isSafeExternalUrl } from './navigation-policy';
import { CONTENT_SECURITY_POLICY, secureWebPreferences } from './window-options';

describe('window security settings', () => {
  it('S1: every window is isolated, sandboxed, without Node, webviews or insecure content', () => {
    const prefs = secureWebPreferences('/app/out/preload/index.cjs', { development: false });
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      enableBlinkFeatures: '',
      webviewTag: false,
    });
  });

  it('S3: the CSP allows only the app’s own scripts, no inline script and no eval', () => {
    const directives = new Map(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d] as const));
    expect(directives.get('default-src')).toBe("default-src 'self'");
    expect(directives.get('script-src')).toBe("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval/);
    expect(directives.get('script-src')).not.toMatch(/unsafe-inline/);
  });

  it('S3: the renderer page carries exactly this CSP', () => {
    const html = readFileSync(new URL('../../renderer/index.html', import.meta.url), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
    expect(meta?.[1]).toBe(CONTENT_SECURITY_POLICY);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});

describe('navigation and link policies', () => {
  const trusted = { kind: 'origin', origin: 'app://commission-desk' } as const;

  it('S4: navigation away from the app’s own page is blocked', () => {
    expect(isAllowedNavigation('app://commission-desk/index.html#/sales', trusted)).toBe(true);
    expect(isAllowedNavigation('file:///app/out/renderer/index.html', trusted)).toBe(false);
    expect(isAllowedNavigation('https://example.com/', trusted)).toBe(false);
    expect(isAllowedNavigation('file:///etc/passwd', trusted)).toBe(false);
  });

  it('S4: external links accept only https URLs with a real host', () => {
    expect(isSafeExternalUrl('https://shop.example.com/collections/summer')).toBe(true);
    for (const bad of [
      'http://shop.example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://server/share',
      'commission-desk://open',
      'https://user:pw@shop.example.com/',
      'https://127.0.0.1/',
      'https://localhost/',
      'https://xn--pple-43d.com/',
      ' https ://broken',
    ]) {
      expect(isSafeExternalUrl(bad), bad).toBe(false);
    }
  });

  it('S5: every permission request is denied', () => {
    for (const p of ['media', 'notifications', 'geolocation', 'camera', 'microphone', 'clipboard-read']) {
      expect(isPermissionGranted(p)).toBe(false);
    }
  });
});
