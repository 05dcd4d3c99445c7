/**
 * Runs the headless command for the CLI's tests: as a child process, as `npm run cli --` does, or in this process on a
 * recorded terminal. Not used by the app.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Readable } from 'node:stream';
import type { CliIo } from '../src/cli/cli-io';
import { runCli } from '../src/cli/run-cli';

/** What one run printed and how it ended. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Options of one run. */
export interface CliRunOptions {
  stdin?: string;
  env?: Record<string, string>;
  started?: (child: ChildProcess) => void;
  /** Hears stderr as it is written, for a test that acts on a message before the run ends. */
  onStderr?: (text: string) => void;
}

/** Runs `src/cli/main.ts` through tsx with `args`; `record` hears everything printed (for secret canaries). */
export function runCliProcess(
  args: readonly string[],
  options: CliRunOptions = {},
  record: (text: string) => void = () => undefined,
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
      env: { ...process.env, COMMISSION_DESK_API_SECRET: '', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      options.onStderr?.(d.toString());
    });
    child.on('error', reject);
    child.on('close', (code) => {
      record(stdout);
      record(stderr);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.stdin ?? '');
    options.started?.(child);
  });
}

/** Counts as a progress line writes them: "120 sales", "2 of 5 periods, 1,234 sales", "120 of about 400 sales". */
const COUNTS = String.raw`[\d,]+ (?:of (?:about )?[\d,]+ )?(?:periods?|steps?|sales?)(?:, [\d,]+ sales?)?`;
/** Time left: "45s", "3m 05s", "1h 02m". */
const ETA = String.raw`(?:\d|[1-5]\d)s|\d+m [0-5]\ds|\d+h [0-5]\dm`;
/**
 * One plain progress line, as `sync` and `export` write them on stderr when it is not a terminal:
 * "Syncing 2026-01-01 to 2026-03-31: 40% (2 of 5 periods, 1,234 sales), about 12s left", or, before any share is
 * known, "Syncing …: 0 sales so far".
 */
const PLAIN_PROGRESS = new RegExp(
  String.raw`^(Syncing \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d|Checking statuses|Writing [^\n]+?): (?:(\d|[1-9]\d|100)% \(${COUNTS}\)(?:, about (?:${ETA}) left)?|${COUNTS} so far)$`,
);

/** A progress line of stderr: what it is about and its share (null before one is known). */
export interface ProgressLineSeen {
  label: string;
  percent: number | null;
  line: string;
}

/** Stderr taken apart: its well-formed plain progress lines, and everything else (messages) as it was written. */
export function splitStderr(stderr: string): { progress: ProgressLineSeen[]; messages: string } {
  const lines = stderr.split('\n');
  const tail = lines.pop() ?? '';
  const progress: ProgressLineSeen[] = [];
  let messages = '';
  for (const line of lines) {
    const match = PLAIN_PROGRESS.exec(line);
    if (match)
      progress.push({ label: match[1] ?? '', percent: match[2] === undefined ? null : Number(match[2]), line });
    else messages += `${line}\n`;
  }
  return { progress, messages: messages + tail };
}

/** Stderr without its progress lines: the warnings and errors a person or a script must see. */
export function messagesOf(stderr: string): string {
  return splitStderr(stderr).messages;
}

/** The progress lines of stderr in short: each label once, in order, and every share shown (-1 before one was known). */
export function progressOf(stderr: string): { labels: string[]; shares: number[] } {
  const { progress } = splitStderr(stderr);
  return { labels: [...new Set(progress.map((p) => p.label))], shares: progress.map((p) => p.percent ?? -1) };
}

/** One write of a run in this process, in the order written. */
export interface CliWrite {
  stream: 'stdout' | 'stderr';
  text: string;
}

/** A run in this process: exit code, both streams, and every write in order. */
export interface InMemoryRun extends CliRun {
  writes: CliWrite[];
}

/** Runs the command in this process; with `terminalColumns`, stderr is a terminal that wide. Nothing on stdin. */
export async function runCliInMemory(
  args: readonly string[],
  options: { terminalColumns?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<InMemoryRun> {
  const writes: CliWrite[] = [];
  const io: CliIo = {
    stdout: (text) => writes.push({ stream: 'stdout', text }),
    stderr: (text) => writes.push({ stream: 'stderr', text }),
    stderrIsTTY: options.terminalColumns !== undefined,
    stderrColumns: () => options.terminalColumns,
    stdin: Readable.from([]),
    env: options.env ?? {},
    interrupt: new AbortController().signal,
    program: 'npm run cli --',
    appVersion: '0.0.0-test',
  };
  const code = await runCli(args, io);
  const joined = (stream: CliWrite['stream']): string =>
    writes
      .filter((w) => w.stream === stream)
      .map((w) => w.text)
      .join('');
  return { code, stdout: joined('stdout'), stderr: joined('stderr'), writes };
}

/** A service to add an account for: its address and the three credentials (the HTTPS fake's, in tests). */
export interface CliService {
  baseUrl: string;
  credentials: { appId: string; apiKey: string; apiSecret: string };
}

/** The arguments of `accounts add` for `service` under `label`, and the standard input giving its API secret. */
export function accountsAddRun(service: CliService, label: string): { args: string[]; stdin: string } {
  return {
    args: [
      'accounts',
      'add',
      '--label',
      label,
      '--base-url',
      service.baseUrl,
      '--app-id',
      service.credentials.appId,
      '--api-key',
      service.credentials.apiKey,
    ],
    stdin: `${service.credentials.apiSecret}\n`,
  };
}
