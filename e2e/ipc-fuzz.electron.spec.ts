/**
 * S6 in the running app: every bridge method called from the page with hostile payloads,
 * carried by Electron's real IPC (structured clone, so cycles, Maps, Dates and typed arrays do
 * arrive). Every call must come back as a typed error (or a value, for the few payloads that are
 * valid for some channel), and the main process must keep answering. The Node fuzz test
 * (src/core/ipc/ipc-fuzz.test.ts) covers the same handlers with seeded random mutations.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { ERROR_CODES } from '../src/shared/errors';
import { CHANNELS } from '../src/shared/ipc-contract';
import { ELECTRON_MISSING_MESSAGE, electronBinaryPath } from './electron-binary';

const binary = electronBinaryPath();

interface Outcome {
  method: string;
  label: string;
  answer: unknown;
}

test.describe('IPC fuzzing in the running app', () => {
  test.skip(binary === null, ELECTRON_MISSING_MESSAGE);

  test('S6: hostile payloads through the real bridge get typed errors; the main process keeps answering', async () => {
    const userData = await mkdtemp(join(tmpdir(), 'commission-desk-fuzz-'));
    const app = await electron.launch({
      executablePath: binary ?? undefined,
      args: ['out/main/index.js'],
      env: { ...(process.env as Record<string, string>), COMMISSION_DESK_USER_DATA: userData },
    });
    try {
      const window = await app.firstWindow();
      await window.waitForLoadState('domcontentloaded');
      const outcomes = await window.evaluate(async (methods) => {
        const cyclic: Record<string, unknown> = {};
        cyclic.self = cyclic;
        let deep: unknown = 1;
        for (let i = 0; i < 5000; i += 1) deep = { a: deep };
        const payloads: [string, unknown][] = [
          ['null', null],
          ['number', 42],
          ['NaN', Number.NaN],
          ['Infinity', Infinity],
          ['huge number', 1e308],
          ['over 1 MB string', 'x'.repeat(1_100_000)],
          ['path trick', '../../../../etc/passwd'],
          ['__proto__ key', JSON.parse('{"__proto__": {"polluted": true}}')],
          ['constructor key', { constructor: { prototype: { polluted: true } } }],
          ['array', []],
          ['empty object', {}],
          ['deep object', deep],
          ['cyclic', cyclic],
          ['date', new Date(0)],
          ['map', new Map([['a', 1]])],
          ['bytes', new Uint8Array(2_000_000)],
        ];
        const bridge = (window as unknown as { commissionDesk: Record<string, (input?: unknown) => Promise<unknown>> })
          .commissionDesk;
        const results: { method: string; label: string; answer: unknown }[] = [];
        for (const method of methods) {
          for (const [label, payload] of payloads) {
            const call = bridge[method];
            const answer = call
              ? await call(payload).catch((error: unknown) => ({ notSent: String(error) }))
              : { missing: true };
            results.push({ method, label, answer: JSON.parse(JSON.stringify(answer ?? null)) as unknown });
          }
        }
        return { results, polluted: ({} as Record<string, unknown>).polluted !== undefined };
      }, Object.keys(CHANNELS));

      expect(outcomes.polluted).toBe(false);
      const mayBeValid = new Set(['empty object', 'date', 'map']);
      const problems = outcomes.results.filter(({ label, answer }: Outcome) => {
        const a = answer as { ok?: unknown; error?: { code?: unknown; message?: unknown } };
        if (a.ok === true) return !mayBeValid.has(label);
        if (a.ok !== false) return true;
        return (
          !(ERROR_CODES as readonly unknown[]).includes(a.error?.code) ||
          a.error?.code === 'INTERNAL' ||
          typeof a.error?.message !== 'string'
        );
      });
      expect(problems).toEqual([]);

      expect(await app.evaluate(() => 'main process alive')).toBe('main process alive');
      const info = await window.evaluate(() =>
        (window as unknown as { commissionDesk: { getAppInfo: () => Promise<unknown> } }).commissionDesk.getAppInfo(),
      );
      expect(info).toMatchObject({ ok: true, value: { name: 'Commission Desk' } });
    } finally {
      await app.close();
      await rm(userData, { recursive: true, force: true });
    }
  });
});
