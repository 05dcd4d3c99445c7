/**
 * Reads the test plan and the tests: the ids the plan defines, the ids test titles start with, and the ids comments
 * cite. Used by the plan's own test (test-plan-ids.test.ts) and by the script that writes its "proved in" column.
 */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import ts from 'typescript';

/** Ids defined by docs/test-plan.md: the first cell of each table row. */
export function planIds(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^\|\s*([A-Z]\d+)\s*\|/gm)].map((m) => m[1] as string));
}

/** The ids a title starts with: `T1: …`, `S1/S4: …` or `T8, E4: …`; a time such as `T23:59:59` starts with none. */
const TITLE_IDS = /^((?:[A-Z]\d+\s*[/,]\s*)*[A-Z]\d+): /;
const TEST_FUNCTIONS = new Set(['it', 'test', 'describe']);

function parse(source: string, fileName: string): ts.SourceFile {
  return ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
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
    [...comment.matchAll(/(?<!:)\b([A-Z]\d{1,2})\b(?!:\w)/g)]
      .map((m) => m[1] as string)
      .filter((id) => letters.has(id[0] as string)),
  );
}

export const listed = (...patterns: string[]): string[] =>
  execFileSync('git', ['ls-files', ...patterns], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);

export const testFiles = listed(
  'src/*.test.ts',
  'src/*.test.tsx',
  'e2e/*.spec.ts',
  'e2e/*.test.ts',
  'scripts/*.test.ts',
);
export const sourceFiles = listed('src/*.ts', 'src/*.tsx');

/** Every test file that proves `id`, from the test titles. */
export function proofsById(files: readonly string[] = testFiles): Map<string, string[]> {
  const proofs = new Map<string, string[]>();
  for (const file of [...files].sort()) {
    for (const id of new Set(citedIds(readFileSync(file, 'utf8'), file)))
      proofs.set(id, [...(proofs.get(id) ?? []), file]);
  }
  return proofs;
}

/** The "proved in" cell of a row. */
export function provedInCell(files: readonly string[] | undefined): string {
  return files === undefined || files.length === 0 ? 'not yet proved' : files.map((file) => `\`${file}\``).join(', ');
}

/** The plan with each row's last cell rewritten from `proofs`; rows are `| id | behaviour | proved in |`. */
export function withProofs(markdown: string, proofs: ReadonlyMap<string, readonly string[]>): string {
  return markdown.replace(
    /^\|\s*([A-Z]\d+)\s*\|(.*)\|[^|\n]*\|[ \t]*$/gm,
    (_row, id: string, middle: string) => `| ${id} |${middle}| ${provedInCell(proofs.get(id))} |`,
  );
}
