/**
 * Source checks of the main process, next to main-bundle.test.ts, which runs the built bundle
 * against a stand-in for Electron. These read the sources to keep the checklist wired: one way to create a window, every
 * guard attached for every web contents, permission handlers installed, and no escape hatch
 * (certificate overrides, a dev URL trusted in a packaged build) added by accident.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../core/security';

const srcDir = join(import.meta.dirname, '..');
const glue = readFileSync(join(srcDir, 'main', 'index.ts'), 'utf8');

/** The main process's sources: the glue in src/main and the core it runs from src/core, named relative to src/. */
function mainSources(): { file: string; text: string }[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? walk(join(dir, e.name))
        : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
          ? [join(dir, e.name)]
          : [],
    );
  return [...walk(join(srcDir, 'main')), ...walk(join(srcDir, 'core'))].map((file) => ({
    file: file.slice(srcDir.length + 1),
    text: readFileSync(file, 'utf8'),
  }));
}

describe('the Electron glue keeps the checklist wired', () => {
  it('S1: windows are created in one place, with secureWebPreferences, and every renderer is sandboxed', () => {
    const creators = mainSources().filter((s) => /new BrowserWindow\(/.test(s.text));
    expect(creators.map((s) => s.file)).toEqual(['main/index.ts']);
    expect(glue.match(/new BrowserWindow\(/g)).toHaveLength(1);
    expect(glue).toMatch(/webPreferences: secureWebPreferences\(/);
    expect(glue).toMatch(/app\.enableSandbox\(\)/);
  });

  it('S1/S4: the guards are attached to every web contents the app creates, not only the first window', () => {
    expect(glue).toMatch(/app\.on\('web-contents-created', \(_event, contents\) => guardContents\(/);
    for (const event of ['will-navigate', 'will-redirect', 'will-frame-navigate', 'will-attach-webview'])
      expect(glue).toContain(`contents.on('${event}'`);
    expect(glue).toMatch(/setWindowOpenHandler: \(handler\) => contents\.setWindowOpenHandler\(handler\)/);
    const openHandlers = mainSources().filter((s) => /\.setWindowOpenHandler\(/.test(s.text));
    expect(openHandlers.map((s) => s.file).sort()).toEqual(['core/security/window-guards.ts', 'main/index.ts']);
  });

  it('S4: shell.openExternal is reached only through the desktop actions’ https policy', () => {
    const callers = mainSources().filter((s) => /shell\.openExternal\(/.test(s.text));
    expect(callers.map((s) => s.file).sort()).toEqual(['core/security/desktop-actions.ts', 'main/index.ts']);
    // In the glue, Electron's shell is only handed to the core as its DesktopShell; the core calls it after the policy.
    expect(glue).toMatch(
      /const electronShell: DesktopShell = \{[^}]*openExternal: \(url\) => shell\.openExternal\(url\)/,
    );
    expect(glue.match(/shell\.openExternal\(/g)).toHaveLength(1);
    const actions = callers.find((s) => s.file === 'core/security/desktop-actions.ts')?.text ?? '';
    expect(actions.indexOf('isSafeExternalUrl(url)')).toBeGreaterThan(-1);
    expect(actions.indexOf('isSafeExternalUrl(url)')).toBeLessThan(actions.indexOf('shell.openExternal('));
  });

  it('S5: permission requests, permission checks and device permissions all go through the policy', () => {
    expect(glue).toMatch(/setPermissionRequestHandler\([^)]*\) =>\s*callback\(isPermissionGrantedFor\(/);
    expect(glue).toMatch(/setPermissionCheckHandler\(/);
    expect(glue).toMatch(/setDevicePermissionHandler\(\(\) => false\)/);
  });

  it('S6/N1: no certificate override, no TLS bypass, no dev page trusted from the environment of a packaged app', () => {
    for (const { file, text } of mainSources()) {
      expect(text, file).not.toMatch(
        /certificate-error|setCertificateVerifyProc|ignore-certificate-errors|rejectUnauthorized:\s*false/,
      );
    }
    expect(glue).not.toMatch(/process\.env\.ELECTRON_RENDERER_URL/);
    expect(glue).toMatch(/const devEnv = app\.isPackaged \? \{\} : process\.env;/);
  });

  it('S3: the CSP also forbids plugins, <base> hijacking, form posts and connections to anywhere but the app', () => {
    const directives = new Map(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d] as const));
    expect(directives.get('object-src')).toBe("object-src 'none'");
    expect(directives.get('base-uri')).toBe("base-uri 'none'");
    expect(directives.get('form-action')).toBe("form-action 'none'");
    expect(directives.get('connect-src')).toBe("connect-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/\*|'unsafe-eval'|'wasm-unsafe-eval'|'strict-dynamic'|http:/);
  });
});
