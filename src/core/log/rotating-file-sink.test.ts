import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../../../test-support/cache-kit';
import { createLogger } from './logger';
import { createRotatingFileSink } from './rotating-file-sink';

const folders: { remove: () => void }[] = [];
afterEach(() => {
  for (const f of folders.splice(0)) f.remove();
});

function logDir(): string {
  const folder = tempFolder('log-sink');
  folders.push(folder);
  return join(folder.dir, 'logs');
}

describe('rotating log file', () => {
  it('rotates by size, keeps the newest files only, and never loses the current line', () => {
    const directory = logDir();
    const sink = createRotatingFileSink({ directory, maxBytes: 1000, keep: 2 });
    for (let i = 0; i < 100; i += 1)
      sink.write(JSON.stringify({ level: 'info', event: 'tick', i, pad: 'x'.repeat(40) }));
    expect(readdirSync(directory).sort()).toEqual(['main.1.log', 'main.2.log', 'main.log']);
    for (const file of sink.files()) expect(statSync(file).size).toBeLessThanOrEqual(1000);
    const newest = readFileSync(join(directory, 'main.log'), 'utf8').trim().split('\n');
    expect(JSON.parse(newest.at(-1) ?? '')).toMatchObject({ i: 99 });
    const all = sink.files().flatMap((f) => readFileSync(f, 'utf8').trim().split('\n'));
    const numbers = all.map((l) => (JSON.parse(l) as { i: number }).i).sort((a, b) => a - b);
    expect(numbers.at(-1)).toBe(99);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, k) => 100 - numbers.length + k));
  });

  it.skipIf(process.platform === 'win32')(
    'S15: the log folder is 0700 and every log file 0600 from creation, rotated ones too, even under umask 0',
    () => {
      const directory = logDir();
      const savedUmask = process.umask(0);
      try {
        const sink = createRotatingFileSink({ directory, maxBytes: 300, keep: 2 });
        for (let i = 0; i < 20; i += 1)
          sink.write(JSON.stringify({ level: 'info', event: 'tick', i, pad: 'x'.repeat(40) }));
        expect(statSync(directory).mode & 0o777).toBe(0o700);
        expect(readdirSync(directory).sort()).toEqual(['main.1.log', 'main.2.log', 'main.log']);
        for (const file of sink.files()) expect(statSync(file).mode & 0o777, file).toBe(0o600);
      } finally {
        process.umask(savedUmask);
      }
    },
  );

  it.skipIf(process.platform === 'win32')(
    'S15: a log folder and log files an older version left readable by others are made private',
    () => {
      const directory = logDir();
      mkdirSync(directory, { recursive: true });
      chmodSync(directory, 0o755);
      writeFileSync(join(directory, 'main.log'), '{"level":"info"}\n', { mode: 0o644 });
      writeFileSync(join(directory, 'main.1.log'), '{"level":"info"}\n', { mode: 0o644 });
      createRotatingFileSink({ directory }).write('{"level":"info"}');
      expect(statSync(directory).mode & 0o777).toBe(0o700);
      expect(statSync(join(directory, 'main.log')).mode & 0o777).toBe(0o600);
      expect(statSync(join(directory, 'main.1.log')).mode & 0o777).toBe(0o600);
    },
  );

  it('reads back the last warnings and errors across rotated files, oldest first', () => {
    const sink = createRotatingFileSink({ directory: logDir(), maxBytes: 400, keep: 3 });
    const log = createLogger(
      (l) => sink.write(l),
      () => [],
    );
    for (let i = 0; i < 12; i += 1) {
      log.info('noise', { i });
      if (i % 3 === 0) log.error('failure', { i });
      else log.warn('warning', { i });
    }
    const problems = sink.recentProblems(4).map((l) => JSON.parse(l) as { event: string; i: number });
    expect(problems.map((p) => p.i)).toEqual([8, 9, 10, 11]);
    expect(problems.map((p) => p.event)).toEqual(['warning', 'failure', 'warning', 'warning']);
    expect(sink.recentProblems(0)).toEqual([]);
  });

  it('S7: a secret held by the app never reaches the file', () => {
    const sink = createRotatingFileSink({ directory: logDir() });
    const log = createLogger(
      (l) => sink.write(l),
      () => ['file-secret-CANARY-77'],
    );
    log.error('service.failed', {
      error: new Error('server echoed file-secret-CANARY-77'),
      headers: { 'api-secret': 'file-secret-CANARY-77' },
    });
    expect(readFileSync(sink.filePath, 'utf8')).not.toContain('file-secret-CANARY-77');
  });

  it('S7: a credential header in a line that reached the file another way than through the logger is still redacted', () => {
    const sink = createRotatingFileSink({ directory: logDir() });
    sink.write('{"level":"error","event":"raw","text":"api-secret: raw-CANARY-31 app-id=raw-CANARY-32"}');
    const text = readFileSync(sink.filePath, 'utf8');
    expect(text).not.toContain('raw-CANARY-3');
    expect(text).toContain('[redacted]');
  });

  it('a failing disk drops the line instead of throwing into the caller', () => {
    const sink = createRotatingFileSink({ directory: '/dev/null/cannot-be-a-folder' });
    expect(() => sink.write('{"level":"error"}')).not.toThrow();
    expect(sink.recentProblems(5)).toEqual([]);
  });

  it('cuts a huge line so it cannot push every other line out', () => {
    const sink = createRotatingFileSink({ directory: logDir(), maxBytes: 100_000 });
    sink.write(`{"level":"error","event":"huge","text":"${'y'.repeat(200_000)}"}`);
    sink.write('{"level":"error","event":"after"}');
    expect(statSync(sink.filePath).size).toBeLessThan(20_000);
    expect(sink.recentProblems(1)).toEqual(['{"level":"error","event":"after"}']);
  });
});
