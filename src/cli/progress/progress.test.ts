/**
 * Progress of the long commands (`sync`, `export`): a bar redrawn in place on a terminal (share, counts, time left), plain
 * lines where stderr is not a terminal, JSON lines on stdout with --json, nothing with --quiet. The renderers are
 * driven with a stand-in clock; the commands run in this process on the demo data, on a recorded terminal.
 */
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tempFolder } from '../../../test-support/cache-kit';
import { runCliInMemory, splitStderr, type InMemoryRun } from '../../../test-support/cli-kit';
import type { SyncProgress } from '../../shared/sync-progress';
import { EXIT_CODES } from '../cli-errors';
import type { CliIo } from '../cli-io';
import { createJsonProgress } from './json-lines';
import { createPlainLines } from './plain-lines';
import { progressReporter } from './progress-reporter';
import { exportSnapshot, syncSnapshot, type ProgressSnapshot } from './progress-snapshot';
import { barLine, etaText, plainLine } from './progress-text';
import { createTerminalBar } from './terminal-bar';

const STARTED = Date.parse('2026-03-01T10:00:00.000Z');

function syncProgress(fields: Partial<SyncProgress>): SyncProgress {
  return {
    state: 'running',
    from: '2026-01-01',
    to: '2026-03-31',
    windowsTotal: 5,
    windowsDone: 0,
    pages: 0,
    records: 0,
    estimatedTotal: null,
    ratePerSecond: 0,
    etaSeconds: null,
    warnings: 0,
    startedAt: new Date(STARTED).toISOString(),
    ...fields,
  };
}

/** A stand-in clock the test moves forward. */
function clock(start = STARTED): { now: () => number; advance: (ms: number) => void } {
  let at = start;
  return { now: () => at, advance: (ms) => (at += ms) };
}

/** The terminal's escape character: "clear to the end of the line" is ESC [ K. */
const ESC = '\x1b';
const CLEAR_TO_END = `${ESC}[K`;
const WIPE = `\r${CLEAR_TO_END}`;
/** The line of a frame: label, bar, share, counts, time left. */
const BAR_LINE = /^(.+?) ([█░]{10,30}) ([ \d]{2}\d%| --%) \| (.+?) \| ETA (\S+(?: \S+)?)$/;

/** One frame of the bar taken apart: carriage return, the line, clear to the end of the line; null when it is not one. */
function frameOf(text: string): RegExpExecArray | null {
  if (!text.startsWith('\r') || !text.endsWith(CLEAR_TO_END)) return null;
  return BAR_LINE.exec(text.slice(1, -CLEAR_TO_END.length));
}

/** Whether `text` holds a carriage return or an escape sequence. */
const hasControl = (text: string): boolean => text.includes('\r') || text.includes(ESC);

/** A progress event of --json, field for field. */
const count = z.number().int().nonnegative();
const PROGRESS_EVENT = z.strictObject({
  event: z.literal('progress'),
  command: z.enum(['sync', 'export']),
  unit: z.enum(['periods', 'steps', 'sales']),
  done: count,
  total: count.nullable(),
  percent: count.max(100).nullable(),
  etaSeconds: count.nullable(),
  sales: count,
});

describe('the shares, counts and times left', () => {
  it('a sync over several periods counts periods done, with no share before the first one ends; the time left scales the time so far', () => {
    const label = 'Syncing 2026-01-01 to 2026-03-31';
    const first = syncSnapshot(syncProgress({ records: 300 }), label, 'periods', STARTED + 4_000);
    expect(first).toMatchObject({ unit: 'periods', done: 0, total: 5, percent: null, etaSeconds: null, sales: 300 });
    const two = syncSnapshot(syncProgress({ windowsDone: 2, records: 1_234 }), label, 'periods', STARTED + 10_000);
    expect(two).toMatchObject({ done: 2, total: 5, percent: 40, etaSeconds: 15, sales: 1_234 });
    expect(plainLine(two)).toBe('Syncing 2026-01-01 to 2026-03-31: 40% (2 of 5 periods, 1,234 sales), about 15s left');
    const done = syncSnapshot(
      syncProgress({ state: 'completed', windowsDone: 5, records: 4_000 }),
      label,
      'periods',
      STARTED + 30_000,
    );
    expect(done).toMatchObject({ percent: 100, etaSeconds: 0 });
    expect(plainLine(done)).toBe('Syncing 2026-01-01 to 2026-03-31: 100% (5 of 5 periods, 4,000 sales)');
  });

  it('a one-period sync counts sales against the service’s estimate, and is whole only when it completed', () => {
    const label = 'Syncing 2026-02-01 to 2026-02-28';
    const unknown = syncSnapshot(syncProgress({ windowsTotal: 1, records: 0 }), label, 'periods', STARTED + 1_000);
    expect(plainLine(unknown)).toBe('Syncing 2026-02-01 to 2026-02-28: 0 sales so far');
    const part = syncSnapshot(
      syncProgress({ windowsTotal: 1, records: 120, estimatedTotal: 400 }),
      label,
      'periods',
      STARTED + 6_000,
    );
    expect(part).toMatchObject({ unit: 'sales', percent: 30, etaSeconds: 14 });
    expect(plainLine(part)).toBe('Syncing 2026-02-01 to 2026-02-28: 30% (120 of about 400 sales), about 14s left');
    const over = syncSnapshot(
      syncProgress({ windowsTotal: 1, records: 410, estimatedTotal: 400 }),
      label,
      'periods',
      STARTED + 9_000,
    );
    expect(over.percent).toBe(100);
    const cancelled = syncSnapshot(
      syncProgress({ state: 'cancelled', windowsTotal: 1, records: 10, estimatedTotal: 400 }),
      label,
      'periods',
      STARTED,
    );
    expect(cancelled.percent).toBe(2);
  });

  it('an export counts rows written; an empty one is whole at once', () => {
    expect(exportSnapshot('Writing jan.xlsx', 2_500, 10_000, STARTED, STARTED + 3_000)).toMatchObject({
      percent: 25,
      etaSeconds: 9,
    });
    expect(plainLine(exportSnapshot('Writing jan.xlsx', 2_500, 10_000, STARTED, STARTED + 3_000))).toBe(
      'Writing jan.xlsx: 25% (2,500 of 10,000 sales), about 9s left',
    );
    expect(exportSnapshot('Writing empty.csv', 0, 0, STARTED, STARTED)).toMatchObject({ percent: 100, etaSeconds: 0 });
  });

  it('times left read as seconds, minutes or hours', () => {
    expect([0, 45, 60, 185, 3_599, 3_600, 3_720, 90_000].map(etaText)).toEqual([
      '0s',
      '45s',
      '1m 00s',
      '3m 05s',
      '59m 59s',
      '1h 00m',
      '1h 02m',
      '25h 00m',
    ]);
  });
});

describe('the bar on a terminal', () => {
  const snapshot = (done: number, atMs: number): ProgressSnapshot =>
    exportSnapshot('Writing jan.xlsx', done, 10_000, STARTED, atMs);

  it('shows the share, the counts and the time left on one line redrawn in place, at most ten times a second, then wipes it', () => {
    const time = clock();
    const frames: string[] = [];
    const bar = createTerminalBar({ write: (text) => frames.push(text), columns: 100 }, time.now);
    time.advance(2_000);
    bar.update(snapshot(2_000, time.now()));
    time.advance(50);
    bar.update(snapshot(2_100, time.now()));
    time.advance(60);
    bar.update(snapshot(2_500, time.now()));
    time.advance(10);
    bar.update(snapshot(10_000, time.now()));
    bar.done();
    expect(frames).toHaveLength(4);
    const [first, second, last] = frames.map((frame) => frameOf(frame));
    expect(first?.slice(1)).toEqual([
      'Writing jan.xlsx',
      `${'█'.repeat(6)}${'░'.repeat(24)}`,
      ' 20%',
      '2,000 of 10,000 sales',
      '8s',
    ]);
    expect(second?.slice(3)).toEqual([' 25%', '2,500 of 10,000 sales', '7s']);
    // The end is drawn however soon it comes, so the last frame a person sees is never a stale share.
    expect(last?.slice(2)).toEqual(['█'.repeat(30), '100%', '10,000 of 10,000 sales', '0s']);
    expect(frames[3]).toBe(WIPE);
  });

  it('fits the line to the terminal, shrinking the bar, then dropping it, then cutting the label', () => {
    const s = syncSnapshot(
      syncProgress({ windowsDone: 2, records: 1_234 }),
      'Syncing 2026-01-01 to 2026-03-31',
      'periods',
      STARTED + 10_000,
    );
    for (const columns of [200, 100, 80, 60, 40, 20]) {
      const line = barLine(s, columns);
      expect(line.length, `${columns} columns`).toBeLessThanOrEqual(columns - 1);
    }
    expect(barLine(s, 200)).toBe(
      `Syncing 2026-01-01 to 2026-03-31 ${'█'.repeat(12)}${'░'.repeat(18)}  40% | 2 of 5 periods, 1,234 sales | ETA 15s`,
    );
    expect(barLine(s, 100)).toBe(
      `Syncing 2026-01-01 to 2026-03-31 ${'█'.repeat(8)}${'░'.repeat(13)}  40% | 2 of 5 periods, 1,234 sales | ETA 15s`,
    );
    expect(barLine(s, 80)).toBe('Syncing 2026-01-01 to 2026-03-31  40% | 2 of 5 periods, 1,234 sales | ETA 15s');
    expect(barLine(s, 60)).toBe('Syncing 2026-…  40% | 2 of 5 periods, 1,234 sales | ETA 15s');
    expect(barLine(s, 40)).toBe(
      `${'Syncing 2026-01-01 to 2026-03-31  40% | 2 of 5 periods, 1,234 sales'.slice(0, 38)}…`,
    );
  });

  it('before any share is known, says so instead of guessing', () => {
    const frames: string[] = [];
    const bar = createTerminalBar({ write: (text) => frames.push(text), columns: 120 });
    bar.update(
      syncSnapshot(syncProgress({ records: 300 }), 'Syncing 2026-01-01 to 2026-03-31', 'periods', STARTED + 1_000),
    );
    expect(frameOf(frames[0] ?? '')?.slice(3)).toEqual([' --%', '0 of 5 periods, 300 sales', '--']);
  });
});

describe('plain lines and JSON lines', () => {
  it('plain lines: one when the work starts, one at each further tenth, one every 30 s while the share stays the same', () => {
    const time = clock();
    const lines: string[] = [];
    const plain = createPlainLines((text) => lines.push(text), time.now);
    const at = (done: number): ProgressSnapshot => exportSnapshot('Writing jan.xlsx', done, 1_000, STARTED, time.now());
    for (const done of [0, 50, 99, 100, 150, 230, 240]) {
      time.advance(100);
      plain.update(at(done));
    }
    time.advance(30_000);
    plain.update(at(240));
    time.advance(1_000);
    plain.update(at(1_000));
    expect(lines.map((line) => line.replace(/, about .* left/, ''))).toEqual([
      'Writing jan.xlsx: 0% (0 of 1,000 sales)\n',
      'Writing jan.xlsx: 10% (100 of 1,000 sales)\n',
      'Writing jan.xlsx: 23% (230 of 1,000 sales)\n',
      'Writing jan.xlsx: 24% (240 of 1,000 sales)\n',
      'Writing jan.xlsx: 100% (1,000 of 1,000 sales)\n',
    ]);
  });

  it('JSON lines: one object per line with the counts, share and time left, at most four a second unless the share moved', () => {
    const time = clock(STARTED + 1_000);
    const lines: string[] = [];
    const json = createJsonProgress((text) => lines.push(text), time.now);
    json.update(exportSnapshot('Writing jan.xlsx', 10, 1_000, STARTED, time.now()));
    time.advance(100);
    json.update(exportSnapshot('Writing jan.xlsx', 12, 1_000, STARTED, time.now()));
    time.advance(100);
    json.update(exportSnapshot('Writing jan.xlsx', 20, 1_000, STARTED, time.now()));
    time.advance(300);
    json.update(exportSnapshot('Writing jan.xlsx', 25, 1_000, STARTED, time.now()));
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        event: 'progress',
        command: 'export',
        unit: 'sales',
        done: 10,
        total: 1_000,
        percent: 1,
        etaSeconds: 99,
        sales: 10,
      },
      {
        event: 'progress',
        command: 'export',
        unit: 'sales',
        done: 20,
        total: 1_000,
        percent: 2,
        etaSeconds: 59,
        sales: 20,
      },
      {
        event: 'progress',
        command: 'export',
        unit: 'sales',
        done: 25,
        total: 1_000,
        percent: 2,
        etaSeconds: 59,
        sales: 25,
      },
    ]);
  });

  it('the reporter follows the terminal and the options: JSON on stdout, nothing, a bar or plain lines on stderr', () => {
    const written: string[] = [];
    const io = (stderrIsTTY: boolean): CliIo => ({
      stdout: (text) => written.push(`out:${text}`),
      stderr: (text) => written.push(`err:${text}`),
      stderrIsTTY,
      stderrColumns: () => 90,
      stdin: Readable.from([]),
      env: {},
      interrupt: new AbortController().signal,
      program: 'npm run cli --',
      appVersion: '0.0.0-test',
    });
    const s = exportSnapshot('Writing a.csv', 5, 10, STARTED, STARTED + 1_000);
    progressReporter(io(true), { json: true }).update(s);
    progressReporter(io(true), { quiet: true }).update(s);
    progressReporter(io(true), {}).update(s);
    progressReporter(io(false), {}).update(s);
    expect(written).toHaveLength(3);
    expect(written[0]).toBe(
      'out:{"event":"progress","command":"export","unit":"sales","done":5,"total":10,"percent":50,"etaSeconds":1,"sales":5}\n',
    );
    expect(written[1]?.startsWith('err:')).toBe(true);
    expect(frameOf(written[1]?.slice('err:'.length) ?? '')?.slice(1)).toEqual([
      'Writing a.csv',
      `${'█'.repeat(15)}${'░'.repeat(15)}`,
      ' 50%',
      '5 of 10 sales',
      '1s',
    ]);
    expect(written[2]).toBe('err:Writing a.csv: 50% (5 of 10 sales), about 1s left\n');
  });
});

describe('sync and export of the demo data, run as a person or a script would', () => {
  let folder: ReturnType<typeof tempFolder>;
  const month = '2026-01';
  const data = (): string[] => ['--data-dir', join(folder.dir, 'data')];
  beforeAll(() => {
    folder = tempFolder('cli-progress');
  });
  afterAll(() => folder.remove());

  /** Every write to the terminal (stderr): the bar's frames, then its wipe. */
  function terminalWrites(run: InMemoryRun): string[] {
    return run.writes.filter((w) => w.stream === 'stderr').map((w) => w.text);
  }

  it('on a terminal: a bar with the share, counts and time left, wiped before the result prints on a clean line', async () => {
    const run = await runCliInMemory(['sync', '--account', 'demo', '--month', month, ...data()], {
      terminalColumns: 100,
    });
    expect(run.code).toBe(EXIT_CODES.ok);
    expect(run.stdout).toMatch(/^Synced 2026-01-01 to 2026-01-31 for "Demo data": [\d,]+ sales fetched/);
    const stderr = terminalWrites(run);
    expect(stderr.at(-1)).toBe(WIPE);
    const frames = stderr.slice(0, -1).map((text) => frameOf(text));
    expect(frames.length).toBeGreaterThan(0);
    for (const [i, frame] of frames.entries()) expect(frame, stderr[i]).not.toBeNull();
    for (const frame of frames) expect(frame?.[1]).toBe('Syncing 2026-01-01 to 2026-01-31');
    expect(frames.at(-1)?.slice(3)).toEqual(['100%', expect.stringMatching(/^[\d,]+ of about [\d,]+ sales$/), '0s']);
    for (const text of stderr) expect(text.length - WIPE.length).toBeLessThanOrEqual(99);
    // The wipe comes before the result, so the result starts on a clean line.
    const order = run.writes.map((w) => (w.stream === 'stdout' ? 'result' : w.text === WIPE ? 'wipe' : 'frame'));
    expect(order.slice(order.indexOf('wipe'))).toEqual(['wipe', 'result']);

    const out = join(folder.dir, 'jan.xlsx');
    const exported = await runCliInMemory(['export', '--account', 'demo', '--month', month, '--out', out, ...data()], {
      terminalColumns: 100,
    });
    expect(exported.code).toBe(EXIT_CODES.ok);
    const exportFrames = terminalWrites(exported);
    expect(exportFrames.at(-1)).toBe(WIPE);
    const lastFrame = frameOf(exportFrames.at(-2) ?? '');
    expect(lastFrame?.slice(1, 2)).toEqual(['Writing jan.xlsx']);
    expect(lastFrame?.slice(3)).toEqual(['100%', expect.stringMatching(/^([\d,]+) of \1 sales$/), '0s']);
    expect(exported.stdout).toMatch(/^Wrote [\d,]+ sales to .*jan\.xlsx\n/);
  }, 60_000);

  it('not on a terminal: plain lines on stderr, no control characters, ending at 100%', async () => {
    const run = await runCliInMemory(['sync', '--account', 'demo', '--month', '2026-02', ...data()]);
    expect(run.code).toBe(EXIT_CODES.ok);
    expect(hasControl(run.stderr)).toBe(false);
    const { progress, messages } = splitStderr(run.stderr);
    expect(messages).toBe('');
    expect(progress.map((p) => p.label)).toEqual(progress.map(() => 'Syncing 2026-02-01 to 2026-02-28'));
    expect(progress.at(-1)?.percent).toBe(100);
    expect(run.stdout).toMatch(/^Synced 2026-02-01 to 2026-02-28/);
  }, 60_000);

  it('--json: stdout is one JSON object per line, progress events then the result; stderr stays empty', async () => {
    const out = join(folder.dir, 'feb.csv');
    for (const args of [
      ['sync', '--account', 'demo', '--month', '2026-03', '--json'],
      ['export', '--account', 'demo', '--month', '2026-02', '--out', out, '--json'],
    ]) {
      const run = await runCliInMemory([...args, ...data()], { terminalColumns: 100 });
      expect(run.code, args[0]).toBe(EXIT_CODES.ok);
      expect(run.stderr).toBe('');
      expect(run.stdout.endsWith('\n')).toBe(true);
      const events = run.stdout
        .slice(0, -1)
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const result = events.pop();
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) expect(PROGRESS_EVENT.safeParse(event).error, JSON.stringify(event)).toBeUndefined();
      expect(new Set(events.map((event) => event.command))).toEqual(new Set([args[0]]));
      expect(events.at(-1)?.percent).toBe(100);
      expect(result).toMatchObject({ event: 'result', command: args[0], account: 'Demo data', warnings: [] });
      if (args[0] === 'export') expect(result).toMatchObject({ file: out, format: 'csv', rows: events.at(-1)?.done });
      else
        expect(result).toMatchObject({
          kind: 'period',
          from: '2026-03-01',
          to: '2026-03-31',
          fetched: expect.any(Number),
        });
    }
  }, 60_000);

  it('--json ends with an error object when the command fails, with the exit code; --json with --quiet is refused', async () => {
    const failed = await runCliInMemory([
      'export',
      '--account',
      'demo',
      '--month',
      month,
      '--out',
      join(folder.dir, 'missing', 'x.csv'),
      '--json',
      ...data(),
    ]);
    expect(failed.code).toBe(EXIT_CODES.export);
    const lines = failed.stdout.trim().split('\n');
    expect(JSON.parse(lines.at(-1) ?? '')).toMatchObject({
      event: 'error',
      exitCode: EXIT_CODES.export,
      message: expect.stringContaining('does not exist'),
    });
    expect(failed.stderr).toContain('Error: ');
    const both = await runCliInMemory(['sync', '--account', 'demo', '--json', '--quiet', ...data()]);
    expect(both.code).toBe(EXIT_CODES.usage);
    expect(JSON.parse(both.stdout)).toMatchObject({
      event: 'error',
      exitCode: EXIT_CODES.usage,
      message: 'Give --json or --quiet, not both.',
    });
  }, 60_000);

  it('--quiet: no progress at all, the result and warnings only', async () => {
    const run = await runCliInMemory(
      ['export', '--account', 'demo', '--month', '2025-06', '--out', join(folder.dir, 'jun.csv'), '--quiet', ...data()],
      {
        terminalColumns: 100,
      },
    );
    expect(run.code).toBe(EXIT_CODES.ok);
    expect(run.stdout).toMatch(/^Wrote 0 sales to /);
    expect(run.stderr).toMatch(/^Warning: the cache has never synced 2025-06-01 to 2025-06-30/);
    expect(hasControl(run.stderr) || run.stderr.includes('Writing')).toBe(false);
  }, 60_000);
});
