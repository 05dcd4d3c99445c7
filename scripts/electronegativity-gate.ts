/**
 * `npm run security:scan` and the `.ci/run` gate (S8): scans `src/` with Electronegativity
 * offline, writes a SARIF report, and exits non-zero when a HIGH (or worse) finding has no inline
 * `electronegativity-ignore: <CHECK> — <reason>` explanation, when a file could not be parsed (it was
 * not checked), or when a file silences a check with `eng-disable`.
 * Run: node --import tsx scripts/electronegativity-gate.ts [--input src] [--sarif file] [--electron 45.x.y]
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { engDisableLines, judge, toSarif, type Finding, type GateResult } from './electronegativity-findings';
import { scanOffline } from './electronegativity-scan';

const SCANNED_EXTENSIONS = new Set(['.js', '.jsx', '.ts', '.tsx', '.html', '.htm', '.mjs', '.cjs']);

/** The installed Electron's version, read from its package.json (the binary need not exist). */
function installedElectronVersion(): string {
  const load = createRequire(import.meta.url);
  return (JSON.parse(readFileSync(load.resolve('electron/package.json'), 'utf8')) as { version: string }).version;
}

function sourceFiles(dir: string): string[] {
  if (!statSync(dir).isDirectory()) return [dir];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return SCANNED_EXTENSIONS.has(extname(entry.name)) ? [path] : [];
  });
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function describe(f: Finding): string {
  return `${f.id} (${f.severity.name}, ${f.confidence.name}) at ${f.file}:${f.location.line} — ${f.description}`;
}

function report(verdict: GateResult, parseErrors: { file: string; message: string }[]): void {
  for (const { finding, annotation } of verdict.explained)
    console.log(`explained  ${describe(finding)}\n           reason: ${annotation.reason}`);
  for (const finding of verdict.advisory) console.log(`advisory   ${describe(finding)}`);
  for (const finding of verdict.blocking) console.log(`BLOCKING   ${describe(finding)}`);
  for (const s of verdict.silenced)
    console.log(
      `BLOCKING   eng-disable at ${s.file}:${s.line} — explain the finding with "electronegativity-ignore: <CHECK> — <reason>" instead`,
    );
  for (const e of parseErrors)
    console.log(`BLOCKING   ${e.file} could not be parsed, so it was not checked: ${e.message}`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      input: { type: 'string', default: 'src' },
      sarif: { type: 'string', default: 'test-reports/electronegativity.sarif' },
      electron: { type: 'string' },
    },
  });
  const input = values.input;
  const sarifPath = values.sarif;
  const electronVersion = values.electron ?? installedElectronVersion();
  mkdirSync(dirname(sarifPath), { recursive: true });
  const scan = await scanOffline({ input, electronVersion });
  const root = statSync(input).isDirectory() ? input : dirname(input);
  const verdict = judge(scan.findings, (file) => readOrNull(join(root, file)));
  for (const file of sourceFiles(input)) {
    for (const line of engDisableLines(readFileSync(file, 'utf8')))
      verdict.silenced.push({ file: relative(root, file), line });
  }
  const sarif = toSarif(scan.findings, verdict, {
    scannerVersion: scan.scannerVersion,
    root: resolve(root),
    parseErrors: scan.parseErrors,
  });
  writeFileSync(sarifPath, `${JSON.stringify(sarif, null, 2)}\n`);
  console.log(
    `Electronegativity ${scan.scannerVersion}: ${scan.checks} checks over ${input} assuming Electron ${electronVersion}; SARIF in ${sarifPath}`,
  );
  report(verdict, scan.parseErrors);
  const failed = verdict.blocking.length + verdict.silenced.length + scan.parseErrors.length;
  console.log(
    failed === 0
      ? 'Security scan passed: no unexplained high-severity finding.'
      : `Security scan FAILED: ${failed} problem(s) above.`,
  );
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(2);
  },
);
