import { posix, win32 } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveRendererFile } from './renderer-file-resolver';

const POSIX_ROOTS = [
  '/opt/Commission Desk/resources/app.asar/out/renderer',
  '/home/zoë/Apps/Commission Desk #2/out/renderer',
  '/Applications/Commission Desk 100%.app/Contents/Resources/app.asar/out/renderer',
  '/srv/販売 デスク/%2e%2e/out/renderer',
];
const WINDOWS_ROOT = 'C:\\Program Files\\Commission Desk #1 (100%)\\resources\\app.asar\\out\\renderer';

describe('resolveRendererFile', () => {
  it('S10: maps the page and its assets to files under the renderer folder, for install paths with spaces, #, % and non-ASCII', () => {
    for (const root of POSIX_ROOTS) {
      expect(resolveRendererFile('app://commission-desk/index.html#/sales', root, posix)).toEqual({
        kind: 'file',
        path: `${root}/index.html`,
        contentType: 'text/html; charset=utf-8',
      });
      expect(resolveRendererFile('app://commission-desk/', root, posix)).toMatchObject({
        kind: 'file',
        path: `${root}/index.html`,
      });
      expect(resolveRendererFile('app://commission-desk/assets/index-aB12.js?v=3', root, posix)).toMatchObject({
        kind: 'file',
        path: `${root}/assets/index-aB12.js`,
        contentType: 'text/javascript; charset=utf-8',
      });
    }
    expect(resolveRendererFile('app://commission-desk/assets/index.css', WINDOWS_ROOT, win32)).toMatchObject({
      kind: 'file',
      path: `${WINDOWS_ROOT}\\assets\\index.css`,
    });
  });

  it('S10: a name with an encoded space or letter is decoded once, never twice', () => {
    const root = POSIX_ROOTS[1] ?? '';
    expect(resolveRendererFile('app://commission-desk/assets/caf%C3%A9%20menu.svg', root, posix)).toMatchObject({
      path: `${root}/assets/café menu.svg`,
    });
    expect(resolveRendererFile('app://commission-desk/assets/100%2541.png', root, posix)).toMatchObject({
      path: `${root}/assets/100%41.png`,
    });
  });

  it('S10: dot segments the URL parser folds stay inside the folder; encoded separators, NUL and hidden names are refused', () => {
    for (const root of POSIX_ROOTS) {
      // The parser folds these before the resolver sees them: they can only reach files in the folder.
      for (const folded of [
        'app://commission-desk/../../../etc/passwd.txt',
        'app://commission-desk/%2e%2e/%2E%2E/etc/x.js',
        'app://commission-desk/assets/.%2e/x.js',
      ]) {
        const answer = resolveRendererFile(folded, root, posix);
        if (answer.kind === 'file') expect(answer.path.startsWith(`${root}/`), folded).toBe(true);
      }
      for (const bad of [
        'app://commission-desk/..%2f..%2fetc%2fpasswd.txt',
        'app://commission-desk/%2e%2e%2f%2e%2e%2fetc%2fpasswd.txt',
        'app://commission-desk/assets%2f..%2f..%2f..%2fmain%2findex.js',
        'app://commission-desk/..%5c..%5cmain%5cindex.js',
        'app://commission-desk/assets\\..\\..\\main\\index.js',
        'app://commission-desk/%2fetc%2fpasswd.txt',
        'app://commission-desk//etc/passwd.txt',
        'app://commission-desk/index.html%00.png',
        'app://commission-desk/index.html%0a.js',
        'app://commission-desk/.env.json',
        'app://commission-desk/assets/%E0%A4%A.js',
        'app://commission-desk/assets/',
      ]) {
        expect(resolveRendererFile(bad, root, posix), bad).toMatchObject({ kind: 'refused', status: 400 });
      }
    }
  });

  it('S10: Windows drive letters, UNC paths, backslashes and device names are refused on Windows paths', () => {
    for (const bad of [
      'app://commission-desk/C:/Windows/win.ini.txt',
      'app://commission-desk/C%3A%5CWindows%5Cwin.txt',
      'app://commission-desk/%5C%5Cserver%5Cshare%5Cx.js',
      'app://commission-desk/..%5C..%5C..%5Cmain%5Cindex.js',
      'app://commission-desk/assets/index.js:stream.js',
      'app://commission-desk/CON.txt',
      'app://commission-desk/assets/nul.js',
    ]) {
      expect(resolveRendererFile(bad, WINDOWS_ROOT, win32), bad).toMatchObject({ kind: 'refused', status: 400 });
    }
  });

  it('S10: another scheme or host, credentials, unknown file types and very long URLs are refused', () => {
    const root = POSIX_ROOTS[0] ?? '';
    for (const other of [
      'file:///opt/Commission%20Desk/index.html',
      'app://evil.test/index.html',
      'https://commission-desk/index.html',
      'app://u:p@commission-desk/index.html',
    ]) {
      expect(resolveRendererFile(other, root, posix), other).toMatchObject({
        kind: 'refused',
        status: 404,
        reason: 'not-the-app',
      });
    }
    expect(resolveRendererFile('app://commission-desk/main/index', root, posix)).toMatchObject({
      kind: 'refused',
      status: 404,
      reason: 'unknown-type',
    });
    expect(resolveRendererFile('app://commission-desk/en-US-10-1.bdic', root, posix)).toMatchObject({
      kind: 'refused',
      status: 404,
    });
    expect(resolveRendererFile(`app://commission-desk/${'a'.repeat(3000)}.js`, root, posix)).toMatchObject({
      kind: 'refused',
      status: 400,
      reason: 'bad-url',
    });
    expect(resolveRendererFile('not a url', root, posix)).toMatchObject({ kind: 'refused', status: 400 });
  });

  it('S10: a relative renderer folder is a programming error, not a guess', () => {
    expect(() => resolveRendererFile('app://commission-desk/index.html', 'out/renderer', posix)).toThrow(/absolute/);
  });
});
