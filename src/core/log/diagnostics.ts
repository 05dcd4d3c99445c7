/**
 * The text behind Settings → "Copy diagnostics": what a person helping the user needs (versions,
 * OS, cache size and state, the last problems from the log) and nothing that identifies or exposes
 * them. The whole text goes through the same redaction as the log, with the secrets held right now,
 * and the home folder is shown as `~`, so it can be pasted into an email or an issue as it is.
 */
import { statSync } from 'node:fs';
import { arch, homedir, platform, release } from 'node:os';
import type { AppInfo, SessionStatus } from '../../shared/ipc-contract';
import type { SyncStatus } from '../../shared/sync-progress';
import { redact, type Logger } from './logger';

/** Facts about the machine and runtime. */
export interface RuntimeFacts {
  platform: string;
  osRelease: string;
  arch: string;
  /** process.versions: node, v8, and in Electron also electron and chrome. */
  versions: Readonly<Record<string, string | undefined>>;
  homeDir: string;
}

/** The parts of the app core the diagnostics read. */
export interface DiagnosticsSource {
  app: { info(): AppInfo };
  session: { status(): SessionStatus; secrets(): readonly string[] };
  sync: { status(): SyncStatus };
}

/** How many log problems the text shows. */
export const DIAGNOSTIC_PROBLEM_LINES = 20;
const MAX_PROBLEM_CHARS = 600;

/** The runtime this process runs in. */
export function currentRuntime(): RuntimeFacts {
  return { platform: platform(), osRelease: release(), arch: arch(), versions: process.versions, homeDir: homedir() };
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** Sizes of the cache file and its -wal and -shm companions that exist. */
export function cacheFileSizes(cachePath: string): { suffix: string; bytes: number }[] {
  const sizes: { suffix: string; bytes: number }[] = [];
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      sizes.push({ suffix: suffix || 'main', bytes: statSync(`${cachePath}${suffix}`).size });
    } catch {
      // Absent companions are normal.
    }
  }
  return sizes;
}

/** One log line as `time level event {fields}`, shortened. */
export function formatProblem(line: string): string {
  let text = line;
  try {
    const { time, level, event, ...rest } = JSON.parse(line) as Record<string, unknown>;
    text = `${String(time)} ${String(level)} ${String(event)}${Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : ''}`;
  } catch {
    // Not JSON (a cut line): shown as it is.
  }
  return text.length > MAX_PROBLEM_CHARS ? `${text.slice(0, MAX_PROBLEM_CHARS)}…` : text;
}

function describeSession(status: SessionStatus): string {
  const accounts = `${status.accounts.length} account(s) saved`;
  if (status.kind === 'none') return `none open; ${accounts}`;
  if (status.kind === 'demo') return `demo data; ${accounts}`;
  const remembered = status.account.remembered ? 'keychain' : 'this session only';
  return `an account, ${status.signedIn ? 'signed in' : `not signed in (${status.problem?.code ?? 'no credentials'})`}, credentials in ${remembered}; ${accounts}`;
}

function describeSync(status: SyncStatus): string {
  if (status.running) return `running (${status.progress?.records ?? 0} records so far)`;
  const last = status.lastRun
    ? `last run ${status.lastRun.status}${status.lastRun.finishedAt ? ` at ${status.lastRun.finishedAt}` : ''}`
    : 'never run';
  return `${last}${status.error ? `; stopped with ${status.error.code}` : ''}${status.offline ? '; service unreachable' : ''}`;
}

function describeCache(info: AppInfo['cache']): string[] {
  const sizes = cacheFileSizes(info.path);
  const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
  return [
    `Cache file: ${info.path}`,
    `Cache size: ${formatBytes(total)}${sizes.length > 1 ? ` (${sizes.map((s) => `${s.suffix} ${formatBytes(s.bytes)}`).join(', ')})` : ''}`,
    `Cache state: ${info.error ? `unavailable — ${info.error.code}: ${info.error.message}` : info.notice ? `open, with a notice: ${info.notice}` : 'open'}`,
  ];
}

/** Builds the redacted diagnostics text. */
export function collectDiagnostics(
  source: DiagnosticsSource,
  logger: Logger,
  runtime: RuntimeFacts = currentRuntime(),
  now = new Date(),
): string {
  const info = source.app.info();
  const v = runtime.versions;
  const problems = logger.history?.recentProblems(DIAGNOSTIC_PROBLEM_LINES) ?? [];
  const lines = [
    `${info.name} diagnostics`,
    `Generated: ${now.toISOString()}`,
    `App version: ${info.version}`,
    `OS: ${runtime.platform} ${runtime.osRelease} (${runtime.arch})`,
    `Electron: ${v.electron ?? 'not running in Electron'} · Chromium: ${v.chrome ?? '-'} · Node: ${v.node ?? '-'} · V8: ${v.v8 ?? '-'}`,
    ...describeCache(info.cache),
    `Session: ${describeSession(source.session.status())}`,
    `Sync: ${describeSync(source.sync.status())}`,
    `Log file: ${logger.history?.filePath ?? 'not kept on disk'}`,
    '',
    `Last ${DIAGNOSTIC_PROBLEM_LINES} warnings and errors (oldest first):`,
    ...(problems.length > 0 ? problems.map((p) => `  ${formatProblem(p)}`) : ['  none']),
  ];
  return hideHome(redact(lines.join('\n'), source.session.secrets()), runtime.homeDir);
}

function hideHome(text: string, homeDir: string): string {
  return homeDir.length > 1 ? text.split(homeDir).join('~') : text;
}
