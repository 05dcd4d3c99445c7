import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commentsOf } from './test-plan-lib';

/** A measured figure: a number with a unit of time or size (`40-50 ms`, `0.5 s`, `4 MB`, `about 70 bytes`). */
const FIGURE = /(?<![\w.-])\d[\d,.]*(?:-\d[\d,.]*)?(?:\s?(?:ms|µs|ns|[KMG]i?B|kB)|\s(?:s|seconds?|minutes?|bytes))\b/;

/** Text a comment quotes, such as a message the code prints, is an example, not a figure. */
const QUOTED = /"[^"]*"/g;

/** The comment lines of a TypeScript source that hold a figure. */
function commentFigures(source: string, fileName: string): string[] {
  return commentsOf(source, fileName)
    .flatMap((comment) => comment.split('\n'))
    .filter((line) => FIGURE.test(line.replaceAll(QUOTED, '')))
    .map((line) => line.trim());
}

/** Production code: what ships and what measures it, not the tests (a test's scenario may say "after 10 s"). */
function productionFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'bench', '*.config.ts'],
    {
      encoding: 'utf8',
    },
  );
  return listed.split('\n').filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
}

/** The files `docs/performance.md`'s decisions name as a layer's place: `browse/saved-columns.ts`, `core/app/warm-up.ts`. */
function decisionFiles(text: string): string[] {
  const decisions = text.slice(text.indexOf('## Decisions'));
  return [...decisions.matchAll(/`([\w./-]+\.tsx?)`/g)].map((match) => match[1] as string);
}

describe('the house docs', () => {
  it('H2: every file docs/performance.md names for a speed layer is in the tree, so no decision speaks of code gone', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
      .split('\n')
      .filter((file) => file !== '');
    const named = decisionFiles(readFileSync('docs/performance.md', 'utf8'));
    expect(named.length).toBeGreaterThan(10);
    const missing = named.filter((name) => !files.some((file) => file === name || file.endsWith(`/${name}`)));
    expect(missing).toEqual([]);
  });

  it('H4: docs/performance.md is at most 200 lines, with targets, how to run, the latest run and the decisions', () => {
    const text = readFileSync('docs/performance.md', 'utf8');
    expect(text.split('\n').length).toBeLessThanOrEqual(200);
    const headings = text.split('\n').filter((line) => line.startsWith('## '));
    expect(headings).toEqual(expect.arrayContaining(['## Run', '## Targets', '## Latest full run']));
    expect(headings.some((h) => h.startsWith('## Decisions'))).toBe(true);
  });

  it('H4: finds a figure in a comment, and none in code or strings', () => {
    const source = [
      '/** Reads the file (about 30 ms at a million sales). */',
      "const label = 'took 30 ms';",
      'const ms = 30; // the limit above',
      '// 16 MB of arrays',
      '// UTF-8 bytes, a 2-byte code',
      '// shows "retrying in 7 s" and "45s"; 429s are slow-downs',
      'const text = `${seconds} s left`;',
      '/* first line\n   waits 2 s here */',
    ].join('\n');
    expect(commentFigures(source, 'probe.ts')).toEqual([
      '/** Reads the file (about 30 ms at a million sales). */',
      '// 16 MB of arrays',
      'waits 2 s here */',
    ]);
  });

  it('H4: no code comment holds a timing or size figure (figures go in docs/performance.md)', () => {
    const found = productionFiles().flatMap((file) =>
      commentFigures(readFileSync(file, 'utf8'), file).map((line) => `${file}: ${line}`),
    );
    expect(found).toEqual([]);
  });

  it('H4: CONTRIBUTING.md says how to add a filter, a screen, an IPC call, a migration and a test-plan row', () => {
    const text = readFileSync('CONTRIBUTING.md', 'utf8');
    for (const heading of [
      '### A filter field',
      '### A screen',
      '### An IPC call',
      '### A cache migration',
      '### A test-plan row',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toMatch(/at most 72 characters/);
  });
});
