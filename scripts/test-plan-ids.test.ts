import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Ids defined by docs/test-plan.md: the first cell of each table row. */
export function planIds(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^\|\s*([A-Z]\d+)\s*\|/gm)].map((m) => m[1] as string));
}

/** The ids a title starts with: `T1: …`, `S1/S4: …` or `T8, E4: …`; a time such as `T23:59:59` starts with none. */
const TITLE_IDS = /^((?:[A-Z]\d+\s*[/,]\s*)*[A-Z]\d+): /;
const TEST_FUNCTIONS = new Set(['it', 'test', 'describe']);

function parse(source: string, fileName: string): ts.SourceFile {
  return ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** The function a call starts from: `it` for `it(…)`, `it.skip(…)` and `it.each(table)(…)`, `test` for `test.describe(…)`. */
function calledFunction(callee: ts.Expression): string | null {
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee) || ts.isCallExpression(callee)) return calledFunction(callee.expression);
  return null;
}

function titleOf(argument: ts.Expression | undefined): string | null {
  if (argument === undefined) return null;
  if (ts.isStringLiteralLike(argument)) return argument.text;
  return ts.isTemplateExpression(argument) ? argument.head.text : null;
}

/** Ids the titles of the tests in `source` start with (vitest `it`/`test`/`describe`, Playwright `test`, `.each` forms included). */
export function citedIds(source: string, fileName = 'cited.test.ts'): string[] {
  const ids: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && TEST_FUNCTIONS.has(calledFunction(node.expression) ?? '')) {
      const match = TITLE_IDS.exec(titleOf(node.arguments[0]) ?? '');
      if (match) ids.push(...(match[1] as string).split(/\s*[/,]\s*/));
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(source, fileName));
  return ids;
}

/** True for the nodes whose text is data, not code: strings, template parts, regular expressions, JSX text. */
function isLiteralText(node: ts.Node): boolean {
  return (
    ts.isStringLiteralLike(node) ||
    ts.isTemplateHead(node) ||
    ts.isTemplateMiddle(node) ||
    ts.isTemplateTail(node) ||
    ts.isRegularExpressionLiteral(node) ||
    ts.isJsxText(node)
  );
}

/** The comments of `source`. Literals are blanked first, so `'https://…'` or a regular expression never reads as one. */
export function commentsOf(source: string, fileName: string): string[] {
  const file = parse(source, fileName);
  const chars = source.split(''); // UTF-16 units, as node positions count them
  const visit = (node: ts.Node): void => {
    if (isLiteralText(node)) {
      for (let i = node.getStart(file); i < node.end; i += 1) if (chars[i] !== '\n') chars[i] = ' ';
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...chars.join('').matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((m) => m[0]);
}

/**
 * Ids a comment cites, as `(S6)`, `T1, T2` or `S1–S7`, for the plan's own letters only (so `V8` is no id). A time
 * (`T23:59`) or a spreadsheet range (`A1:B2`) is none.
 */
export function commentIds(source: string, fileName: string, letters: ReadonlySet<string>): string[] {
  return commentsOf(source, fileName).flatMap((comment) =>
    [...comment.matchAll(/(?<!:)\b([A-Z]\d{1,2})\b(?!:\w)/g)].map((m) => m[1] as string).filter((id) => letters.has(id[0] as string)),
  );
}

const listed = (...patterns: string[]): string[] =>
  execFileSync('git', ['ls-files', ...patterns], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);

const testFiles = listed('src/*.test.ts', 'src/*.test.tsx', 'e2e/*.spec.ts', 'e2e/*.test.ts', 'scripts/*.test.ts');
const sourceFiles = listed('src/*.ts', 'src/*.tsx');

function missingFromPlan(files: readonly string[], idsOf: (source: string, file: string, plan: ReadonlySet<string>) => string[]): string[] {
  const plan = planIds(readFileSync('docs/test-plan.md', 'utf8'));
  return files.flatMap((file) => [...new Set(idsOf(readFileSync(file, 'utf8'), file, plan))].filter((id) => !plan.has(id)).map((id) => `${file}: ${id}`));
}

describe('the test plan', () => {
  it('finds the ids a title cites and notices one the plan lacks', () => {
    const plan = planIds('| id | x |\n| --- | --- |\n| S1 | windows |\n| T9 | paging |\n');
    expect([...plan]).toEqual(['S1', 'T9']);
    const cited = citedIds(
      [
        "it('S1/T9: both', () => {});",
        "test('Z7: missing', () => {});",
        "it('T23:59:59 is a time, not an id', () => {});",
        "it.each([1, 2])('N6: row %s', () => {});",
        'test.describe(`E4, T8: ${name}`, () => {});',
        "expect(title).toBe('D9: not a test');",
      ].join('\n'),
    );
    expect(cited).toEqual(['S1', 'T9', 'Z7', 'N6', 'E4', 'T8']);
    expect(cited.filter((id) => !plan.has(id))).toEqual(['Z7', 'N6', 'E4', 'T8']);
  });

  it('has a row for every id a test title cites', () => {
    expect(missingFromPlan(testFiles, citedIds)).toEqual([]);
  });

  it('finds the ids comments cite, and none in strings, regular expressions, times or cell ranges', () => {
    const source = [
      '// Refused calls (S6) keep the process running; see also T3.',
      "const url = 'https://example.com/T7'; // the link, S1–S4",
      'const re = /\\/\\/ T5/;',
      '/* at T23:59:59, in cells A1:B2, on V8 */',
      'const el = <p>// T6</p>; {/* A2 */}',
    ].join('\n');
    expect(commentIds(source, 'cited.tsx', new Set(['S', 'T', 'A']))).toEqual(['S6', 'T3', 'S1', 'S4', 'A2']);
  });

  it('has a row for every id a comment in src/ cites', () => {
    const letters = (plan: ReadonlySet<string>): Set<string> => new Set([...plan].map((id) => id[0] as string));
    expect(missingFromPlan(sourceFiles, (source, file, plan) => commentIds(source, file, letters(plan)))).toEqual([]);
  });
});
