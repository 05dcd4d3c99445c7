import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../../../test-support/cache-kit';
import { installCrashGuards } from './crash-guard';
import { guardPages } from '../../../test-support/crash-guard-plan';
import { createLogger } from './logger';

describe('crash guards', () => {
  it('log an uncaught exception and an unhandled rejection, redacted, with a message for non-errors', () => {
    const emitter = new EventEmitter();
    const lines: string[] = [];
    const stats = installCrashGuards(
      emitter,
      createLogger(
        (l) => lines.push(l),
        () => ['held-secret-42'],
      ),
    );
    emitter.emit('uncaughtException', new Error('boom held-secret-42'));
    emitter.emit('unhandledRejection', 'plain string reason');
    emitter.emit('unhandledRejection', { apiSecret: 'held-secret-42' });
    expect(stats).toEqual({ uncaughtExceptions: 1, unhandledRejections: 2 });
    expect(lines.map((l) => (JSON.parse(l) as { event: string }).event)).toEqual([
      'main.uncaught-exception',
      'main.unhandled-rejection',
      'main.unhandled-rejection',
    ]);
    expect(lines.join('\n')).not.toContain('held-secret-42');
    expect(lines[1]).toContain('plain string reason');
  });

  it('the main process keeps running after an error thrown mid-transaction; the cache keeps only whole pages and stays intact', () => {
    const folder = tempFolder('crash-guard');
    try {
      const cachePath = join(folder.dir, 'cache.sqlite');
      const logDir = join(folder.dir, 'logs');
      const secret = 'guard-secret-CANARY-5b1e';
      const child = spawnSync(
        process.execPath,
        ['--import', 'tsx', join(import.meta.dirname, '../../../test-support/crash-guard-child.ts'), cachePath, logDir, secret],
        {
          encoding: 'utf8',
          timeout: 30_000,
        },
      );
      expect(child.status, child.stderr).toBe(0);
      const report = JSON.parse(child.stdout.trim()) as { count: number; stats: { uncaughtExceptions: number; unhandledRejections: number } };
      const { first, second, third } = guardPages();
      expect(report).toEqual({ count: first.length + third.length, stats: { uncaughtExceptions: 1, unhandledRejections: 1 } });

      const db = new Database(cachePath, { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const stored = new Set((db.prepare('SELECT reference FROM sales').all() as { reference: string }[]).map((r) => r.reference));
        expect(second.some((s) => stored.has(s.reference))).toBe(false);
        expect(first.every((s) => stored.has(s.reference)) && third.every((s) => stored.has(s.reference))).toBe(true);
      } finally {
        db.close();
      }
      const log = readFileSync(join(logDir, 'main.log'), 'utf8');
      expect(log).toContain('main.uncaught-exception');
      expect(log).toContain('main.unhandled-rejection');
      expect(log).not.toContain(secret);
    } finally {
      folder.remove();
    }
  });
});
