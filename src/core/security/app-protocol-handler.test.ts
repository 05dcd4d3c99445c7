import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_RESPONSE_CSP, createAppProtocolHandler } from './app-protocol-handler';
import { APP_ORIGIN, APP_PAGE_URL } from './app-scheme';
import { isTrustedSender } from './trusted-sender';
import { CONTENT_SECURITY_POLICY } from './window-options';

/** Install folders a user could pick: spaces, `#`, `%`, and letters outside ASCII. */
const INSTALL_NAMES = [
  'Commission Desk',
  'Commission Desk #2',
  'Commission Desk 100%',
  'Zoë’s 販売 デスク',
  '%2e%2e #x% ü',
];
const PAGE = '<!doctype html><title>Commission Desk</title>';
const SECRET = 'outside the renderer folder';

let base: string;
const roots: string[] = [];

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'app-scheme-'));
  await writeFile(join(base, 'secret.txt'), SECRET);
  for (const name of INSTALL_NAMES) {
    const root = join(base, name, 'out', 'renderer');
    await mkdir(join(root, 'assets'), { recursive: true });
    await mkdir(join(base, name, 'out', 'main'), { recursive: true });
    await writeFile(join(root, 'index.html'), PAGE);
    await writeFile(join(root, 'assets', 'index.js'), 'console.log(1)');
    await writeFile(join(base, name, 'out', 'main', 'index.js'), SECRET);
    roots.push(root);
  }
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const get = (url: string, method = 'GET') => new Request(url, { method });

describe('the app:// handler', () => {
  it('S10: serves the page and its scripts from any install folder, and the page it serves is the trusted sender', async () => {
    for (const rendererRoot of roots) {
      const handle = createAppProtocolHandler({ rendererRoot });
      const page = await handle(get(APP_PAGE_URL));
      expect(page.status, rendererRoot).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await page.text()).toBe(PAGE);
      const script = await handle(get('app://commission-desk/assets/index.js'));
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(await script.text()).toBe('console.log(1)');
      expect(isTrustedSender(`${APP_PAGE_URL}#/sales`, { kind: 'origin', origin: APP_ORIGIN })).toBe(true);
    }
  });

  it('S10/S3: every answer carries the page’s CSP (plus frame-ancestors) and forbids MIME sniffing', async () => {
    const handle = createAppProtocolHandler({ rendererRoot: roots[0] ?? '' });
    for (const url of [
      APP_PAGE_URL,
      'app://commission-desk/missing.js',
      'app://commission-desk/..%2fmain%2findex.js',
    ]) {
      const answer = await handle(get(url));
      expect(answer.headers.get('content-security-policy'), url).toBe(APP_RESPONSE_CSP);
      expect(answer.headers.get('x-content-type-options'), url).toBe('nosniff');
    }
    expect(APP_RESPONSE_CSP.startsWith(CONTENT_SECURITY_POLICY)).toBe(true);
    expect(APP_RESPONSE_CSP).toContain("frame-ancestors 'none'");
  });

  it('S10: no request reaches a file outside the renderer folder, however it is spelled', async () => {
    const refused: string[] = [];
    for (const rendererRoot of roots) {
      const handle = createAppProtocolHandler({ rendererRoot, onRefused: (reason) => refused.push(reason) });
      for (const url of [
        'app://commission-desk/..%2fmain%2findex.js',
        'app://commission-desk/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret.txt',
        'app://commission-desk/..%5c..%5c..%5csecret.txt',
        'app://commission-desk/assets\\..\\..\\..\\secret.txt',
        `app://commission-desk/${encodeURIComponent(join(base, 'secret.txt'))}`,
        'app://commission-desk//secret.txt',
        'app://commission-desk/secret.txt%00.html',
        'app://commission-desk/../../../secret.txt',
        'app://commission-desk/%2e%2e/%2e%2e/%2e%2e/secret.txt',
        'app://commission-desk/../main/index.js',
      ]) {
        const answer = await handle(get(url));
        const text = await answer.text();
        expect(answer.status, url).toBeGreaterThanOrEqual(400);
        expect(text, url).not.toContain(SECRET);
      }
    }
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused)).toEqual(new Set(['bad-segment', 'missing']));
  });

  it('S10: HEAD gets the headers only; other methods, other hosts and unknown files are refused', async () => {
    const handle = createAppProtocolHandler({ rendererRoot: roots[1] ?? '' });
    const head = await handle(get(APP_PAGE_URL, 'HEAD'));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(PAGE)));
    expect(await head.text()).toBe('');
    expect((await handle(get(APP_PAGE_URL, 'POST'))).status).toBe(405);
    expect((await handle(get('app://other-host/index.html'))).status).toBe(404);
    expect((await handle(get('app://commission-desk/assets'))).status).toBe(404);
    expect((await handle(get('app://commission-desk/no-dictionaries/en-US-10-1.bdic'))).status).toBe(404);
  });

  it('S10: a file that cannot be read is an empty 500, not a crash', async () => {
    const handle = createAppProtocolHandler({
      rendererRoot: roots[0] ?? '',
      readFile: async () => {
        throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      },
    });
    const answer = await handle(get(APP_PAGE_URL));
    expect(answer.status).toBe(500);
    expect(await answer.text()).toBe('');
  });
});
