import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JsonValue } from '../../../shared/domain';
import { CRASH_ACCOUNT, crashPlan, type PlannedWindow } from '../../../../test-support/crash-writer-plan';
import { openCache } from './open-cache';
import { tempFolder } from '../../../../test-support/cache-kit';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const REPO = join(HERE, '..', '..', '..');
const PLAN = crashPlan();

interface ChildLog {
  pages: [number, number][];
  covered: number[];
  signal: NodeJS.Signals | null;
}

/** Runs the writer and SIGKILLs it once it printed `killAfter` committed pages. */
function runAndKill(path: string, killAfter: number): Promise<ChildLog> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(HERE, '../../../../test-support/crash-writer.ts'), path],
    {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const log: ChildLog = { pages: [], covered: [], signal: null };
  let buffer = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      const [kind, a, b] = line.split(' ');
      if (kind === 'page') log.pages.push([Number(a), Number(b)]);
      if (kind === 'covered') log.covered.push(Number(a));
    }
    if (log.pages.length >= killAfter) child.kill('SIGKILL');
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`the writer was not killed (signal ${signal}): ${stderr}`));
      resolve({ ...log, signal });
    });
  });
}

function storedReferences(path: string): Set<string> {
  const db = new Database(path, { readonly: true });
  try {
    return new Set(
      db.prepare<[string], string>('SELECT reference FROM sales WHERE account_id = ?').pluck().all(CRASH_ACCOUNT),
    );
  } finally {
    db.close();
  }
}

function integrity(path: string): string[] {
  const db = new Database(path);
  try {
    return db.prepare<[], string>('PRAGMA integrity_check').pluck().all();
  } finally {
    db.close();
  }
}

function pageState(window: PlannedWindow, page: number, stored: Set<string>): 'all' | 'none' | 'partial' {
  const refs = (window.pages[page] ?? []).map((s) => s.reference);
  const present = refs.filter((r) => stored.has(r)).length;
  return present === refs.length ? 'all' : present === 0 ? 'none' : 'partial';
}

let folder: ReturnType<typeof tempFolder>;
beforeEach(() => (folder = tempFolder('crash-safety')));
afterEach(() => folder.remove());

describe('kill -9 during a sync (D1)', () => {
  for (const killAfter of [7, 41, 113]) {
    it(`D1: after SIGKILL at page ${killAfter}, the file passes integrity_check, every committed page is whole, coverage never runs ahead of the pages, and the sync resumes`, async () => {
      const path = join(folder.dir, 'cache.sqlite');
      const log = await runAndKill(path, killAfter);
      expect(log.signal).toBe('SIGKILL');
      expect(log.pages.length).toBeGreaterThanOrEqual(killAfter);

      expect(integrity(path)).toEqual(['ok']);
      const { cache, recovery } = openCache({ path });
      expect(recovery).toBeNull();
      const stored = storedReferences(path);

      for (const [w, p] of log.pages)
        expect([w, p, pageState(PLAN[w] as PlannedWindow, p, stored)]).toEqual([w, p, 'all']);
      for (const window of PLAN)
        window.pages.forEach((_, p) => expect(pageState(window, p, stored)).not.toBe('partial'));
      PLAN.forEach((window, w) => {
        const covered = cache.coverage(CRASH_ACCOUNT, window.from, window.to).complete;
        if (covered) expect(window.pages.every((_, p) => pageState(window, p, stored) === 'all')).toBe(true);
        if (log.covered.includes(w)) expect(covered).toBe(true);
      });

      const [run] = cache.unfinishedSyncRuns(CRASH_ACCOUNT);
      const checkpoint = run?.checkpoint as { window: number; page: number } | null;
      const lastPrinted = log.pages.at(-1) ?? [0, 0];
      expect(
        checkpoint !== null &&
          (checkpoint.window > lastPrinted[0] ||
            (checkpoint.window === lastPrinted[0] && checkpoint.page >= lastPrinted[1])),
      ).toBe(true);

      resume(cache, run?.id ?? 0, checkpoint as JsonValue as { window: number; page: number });
      expect(cache.countSales(CRASH_ACCOUNT, {})).toBe(PLAN.reduce((n, w) => n + w.pages.flat().length, 0));
      expect(cache.coverage(CRASH_ACCOUNT, PLAN[0]?.from ?? '', PLAN.at(-1)?.to ?? '').complete).toBe(true);
      cache.close();
      expect(integrity(path)).toEqual(['ok']);
    });
  }
});

/** What a sync engine does on restart: continue the unfinished run after its checkpoint, then mark what it completes. */
function resume(
  cache: ReturnType<typeof openCache>['cache'],
  runId: number,
  from: { window: number; page: number },
): void {
  const missing = cache.coverage(CRASH_ACCOUNT, PLAN[0]?.from ?? '', PLAN.at(-1)?.to ?? '').missing;
  expect(missing[0]?.from).toBe(PLAN.find((w) => !cache.coverage(CRASH_ACCOUNT, w.from, w.to).complete)?.from);
  PLAN.forEach((window, w) => {
    if (w < from.window) return;
    window.pages.forEach((page, p) => {
      if (w === from.window && p <= from.page) return;
      cache.storePage(CRASH_ACCOUNT, page, new Date(), { runId, checkpoint: { window: w, page: p } });
    });
    cache.markCovered(CRASH_ACCOUNT, window.from, window.to, new Date());
  });
  cache.finishSyncRun(runId, 'completed');
}
