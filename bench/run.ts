/**
 * `npm run bench [-- --quick] [-- --case sync,query] [-- --keep]`: the speed and memory targets in docs/performance.md, measured.
 *
 * Generates the shared databases once into a temp folder, runs every case in its own child process (so peak RSS is
 * per case), prints ONE table and writes bench/results.json. Every figure sits beside a baseline measured in the same
 * run where one fits, because these machines are shared and noisy; the target is then the ratio.
 *
 * Exit code: 1 when a case crashed or errored; on a full run also when any target was missed. `--quick` runs each
 * case at a small size (the whole run in under two minutes, for CI) and only fails on errors: ratios and limits at
 * tiny sizes mean nothing, and the table says so.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CASES } from './cases';
import type { ChildResult } from './child';
import type { BenchCase, CaseInput, DatasetName } from './lib/case';
import { DATASET_SIZES, generateDataset } from './lib/datasets';
import { atMost, formatValue, info, type Row } from './lib/rows';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_PATH = join(REPO_ROOT, 'bench', 'results.json');

interface Options {
  quick: boolean;
  cases: BenchCase[];
  keep: boolean;
}

/** One case's outcome as the table and results.json show it. */
interface CaseResult {
  case: string;
  size: string;
  rows: Row[];
  notes: string[];
  error: string | null;
  wallSeconds: number;
}

function usage(): string {
  const lines = CASES.map((c) => `  ${c.name.padEnd(10)} ${c.what}`);
  return ['usage: npm run bench [-- --quick] [-- --case <name>[,<name>…]] [-- --keep]', '', 'cases:', ...lines].join(
    '\n',
  );
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      case: { type: 'string', multiple: true },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage());
    process.exit(0);
  }
  const names = (values.case ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  const unknown = names.filter((n) => !CASES.some((c) => c.name === n));
  if (unknown.length > 0) {
    console.error(`Unknown case ${unknown.join(', ')}.\n\n${usage()}`);
    process.exit(2);
  }
  return {
    quick: values.quick,
    cases: names.length === 0 ? [...CASES] : CASES.filter((c) => names.includes(c.name)),
    keep: values.keep,
  };
}

/** Children run in their own process group, so a timeout or Ctrl-C stops what they started (fake service, browser). */
const running = new Set<number>();

function stopGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function forward(name: string, chunk: Buffer, pending: { text: string }): void {
  pending.text += chunk.toString();
  const lines = pending.text.split('\n');
  pending.text = lines.pop() ?? '';
  for (const line of lines) process.stderr.write(`[${name}] ${line}\n`);
}

async function runChild(benchCase: BenchCase, input: CaseInput, timeoutSeconds: number): Promise<ChildResult> {
  const inputPath = join(input.workDir, 'input.json');
  const outputPath = join(input.workDir, 'output.json');
  writeFileSync(inputPath, JSON.stringify(input));
  const command = [
    ...(benchCase.wrapper ?? []),
    process.execPath,
    '--import',
    'tsx',
    'bench/child.ts',
    inputPath,
    outputPath,
  ];
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid as number;
  running.add(pid);
  const out = { text: '' };
  const err = { text: '' };
  child.stdout.on('data', (chunk: Buffer) => forward(benchCase.name, chunk, out));
  child.stderr.on('data', (chunk: Buffer) => forward(benchCase.name, chunk, err));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    stopGroup(pid);
  }, timeoutSeconds * 1000);
  const code = await new Promise<number | null>((done) => child.once('exit', (exitCode) => done(exitCode)));
  clearTimeout(timer);
  // Whatever the case started and left behind (a fake service, a browser) goes with it.
  stopGroup(pid);
  running.delete(pid);
  for (const rest of [out, err]) if (rest.text !== '') process.stderr.write(`[${benchCase.name}] ${rest.text}\n`);
  if (timedOut)
    return { ok: false, error: `did not finish within ${timeoutSeconds} s and was stopped`, peakRssMb: Number.NaN };
  try {
    return JSON.parse(readFileSync(outputPath, 'utf8')) as ChildResult;
  } catch {
    return { ok: false, error: `the case process ended (exit ${code}) without a result`, peakRssMb: Number.NaN };
  }
}

function rssRow(result: ChildResult): Row {
  const metric = 'peak RSS (case process)';
  const limit = result.ok ? result.output.peakRssLimitMb : undefined;
  return limit === undefined ? info(metric, result.peakRssMb, 'MB') : atMost(metric, result.peakRssMb, 'MB', limit);
}

async function prepareDatasets(
  selected: readonly BenchCase[],
  dir: string,
  quick: boolean,
): Promise<Partial<Record<DatasetName, string>>> {
  const names = [...new Set(selected.flatMap((c) => (c.dataset === undefined ? [] : [c.dataset])))];
  const paths: Partial<Record<DatasetName, string>> = {};
  for (const name of names) {
    const size = quick ? DATASET_SIZES[name].quick : DATASET_SIZES[name].full;
    process.stderr.write(`[datasets] generating the ${name} database (${size.toLocaleString('en-US')} sales)\n`);
    paths[name] = await generateDataset(REPO_ROOT, dir, name, size, (line) =>
      process.stderr.write(`[datasets] ${line}\n`),
    );
  }
  return paths;
}

function verdict(pass: boolean | null, quick: boolean): string {
  if (pass === null) return '';
  if (pass) return 'pass';
  return quick ? 'miss*' : 'FAIL';
}

/** The one table, as Markdown so it can be pasted into docs/performance.md as it is. */
function table(results: readonly CaseResult[], quick: boolean): string {
  const header = ['case', 'size', 'metric', 'figure', 'baseline', 'ratio', 'target', 'result'];
  const lines: string[][] = [];
  for (const r of results) {
    if (r.error !== null) lines.push([r.case, r.size, 'error', '', '', '', 'no error', 'ERROR']);
    for (const row of r.rows) {
      lines.push([
        r.case,
        r.size,
        row.metric,
        formatValue(row.value, row.unit),
        row.baseline === null ? '' : formatValue(row.baseline, row.unit),
        row.ratio === null ? '' : row.ratio.toFixed(2),
        row.target ?? '',
        verdict(row.pass, quick),
      ]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: readonly string[]): string =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [format(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(format)].join('\n');
}

function machine(): Record<string, string | number> {
  return {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryMb: Math.round(totalmem() / (1024 * 1024)),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverageAtStart: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
}

async function main(): Promise<void> {
  const options = readOptions();
  const started = new Date();
  const root = mkdtempSync(join(tmpdir(), 'commission-desk-bench-'));
  const stop = (): void => {
    for (const pid of running) stopGroup(pid);
    if (!options.keep) rmSync(root, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  const results: CaseResult[] = [];
  let datasets: Partial<Record<DatasetName, string>> = {};
  try {
    datasets = await prepareDatasets(options.cases, root, options.quick);
  } catch (error) {
    results.push({ case: 'datasets', size: '', rows: [], notes: [], error: (error as Error).message, wallSeconds: 0 });
  }
  const datasetSizes = Object.fromEntries(
    Object.keys(datasets).map((name) => [name, DATASET_SIZES[name as DatasetName][options.quick ? 'quick' : 'full']]),
  );
  for (const benchCase of options.cases) {
    if (benchCase.dataset !== undefined && datasets[benchCase.dataset] === undefined) continue;
    const workDir = join(root, benchCase.name);
    mkdirSync(workDir, { recursive: true });
    const input: CaseInput = {
      case: benchCase.name,
      size: options.quick ? benchCase.sizes.quick : benchCase.sizes.full,
      quick: options.quick,
      workDir,
      repoRoot: REPO_ROOT,
      datasets,
      datasetSizes,
    };
    process.stderr.write(`[${benchCase.name}] starting (${input.size.toLocaleString('en-US')})\n`);
    const t0 = performance.now();
    const result = await runChild(
      benchCase,
      input,
      options.quick ? benchCase.timeoutSeconds.quick : benchCase.timeoutSeconds.full,
    );
    const wallSeconds = (performance.now() - t0) / 1000;
    // A case that measured its own peak (e.g. right after the part under test) has said what counts; else the process's.
    const ownPeak = result.ok && result.output.rows.some((row) => row.metric.startsWith('peak RSS'));
    const rows = result.ok
      ? [...result.output.rows, ...(ownPeak ? [] : [rssRow(result)])]
      : Number.isNaN(result.peakRssMb)
        ? []
        : [rssRow(result)];
    results.push({
      case: benchCase.name,
      size: result.ok ? result.output.size : input.size.toLocaleString('en-US'),
      rows,
      notes: result.ok ? result.output.notes : [],
      error: result.ok ? null : result.error,
      wallSeconds,
    });
    if (!result.ok) process.stderr.write(`[${benchCase.name}] ERROR ${result.error}\n`);
    process.stderr.write(`[${benchCase.name}] done in ${wallSeconds.toFixed(1)} s\n`);
    if (!options.keep) rmSync(workDir, { recursive: true, force: true });
  }
  if (!options.keep) rmSync(root, { recursive: true, force: true });

  const errors = results.filter((r) => r.error !== null);
  const missed = results.flatMap((r) =>
    r.rows.filter((row) => row.pass === false).map((row) => `${r.case}: ${row.metric}`),
  );
  const failed = errors.length > 0 || (!options.quick && missed.length > 0);
  const seconds = (Date.now() - started.getTime()) / 1000;

  const summary = {
    startedAt: started.toISOString(),
    mode: options.quick ? 'quick' : 'full',
    seconds: Math.round(seconds),
    machine: machine(),
    passed: !failed,
    missed,
    rows: results.flatMap((r) =>
      r.rows.map((row) => ({ case: r.case, size: r.size, ...row, result: verdict(row.pass, options.quick) || 'info' })),
    ),
    cases: results,
  };
  writeFileSync(RESULTS_PATH, `${JSON.stringify(summary, null, 2)}\n`);

  const m = summary.machine;
  console.log(
    `\nCommission Desk benchmarks (${summary.mode} run, ${seconds.toFixed(0)} s) on ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryMb} MB RAM, Node ${m.node}\n`,
  );
  console.log(table(results, options.quick));
  const notes = results.flatMap((r) => r.notes.map((n) => `- ${r.case}: ${n}`));
  if (options.quick)
    notes.unshift('- * quick run: sizes are tiny, so ratios and limits mean little; only errors fail a quick run.');
  if (notes.length > 0) console.log(`\n${notes.join('\n')}`);
  for (const e of errors) console.log(`\n${e.case} ERROR: ${e.error}`);
  console.log(`\nResults: ${RESULTS_PATH}`);
  console.log(
    failed
      ? `FAILED: ${[...errors.map((e) => `${e.case} errored`), ...(options.quick ? [] : missed)].join('; ')}`
      : 'All cases passed.',
  );
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
