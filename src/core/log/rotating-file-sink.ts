/**
 * The log file in the user-data folder: one JSON line per event, written by electron-log's file transport (it runs in
 * plain Node too, so the CLI and tests use the same code). Lines arrive already redacted from the logger; a hook
 * redacts credential headers once more, for anything that reaches electron-log another way. The transport rotates by
 * size; our archive step keeps several files (`main.log`, then `main.1.log` … `main.<keep>.log`, oldest dropped)
 * where electron-log's own keeps one. Writes are synchronous appends, so the last lines before a crash are on disk,
 * and a failing disk never throws into the caller: a log must not take the app down. Files are private to the user
 * from their creation (S15: 0600, folder 0700); a log an older version left readable by others is tightened when the
 * sink opens it, and rotation renames, which keeps the mode.
 */
import { readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import electronLog from 'electron-log/node';
import { ensurePrivateFolder, PRIVATE_FILE_MODE, tightenMode } from '../settings';
import { redact, type LogHistory } from './logger';

/** Options of {@link createRotatingFileSink}. */
export interface RotatingFileSinkOptions {
  directory: string;
  /** File name without extension; default `main`. */
  baseName?: string;
  /** Size in bytes at which the current file is rotated. */
  maxBytes?: number;
  /** Rotated files kept besides the current one; default 4. */
  keep?: number;
}

/** A size-rotated log file that can read its own problems back. */
export interface RotatingFileSink extends LogHistory {
  readonly filePath: string;
  /** Appends one line; never throws. */
  write(line: string): void;
  /** Every log file that exists, newest first. */
  files(): string[];
}

/** Longest line kept; a longer one is cut, so one huge error cannot push every other line out. */
const MAX_LINE_CHARS = 16_384;
const PROBLEM_LEVELS = new Set(['warn', 'error']);

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

function readLines(path: string): string[] {
  try {
    return readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
  } catch {
    return [];
  }
}

function isProblem(line: string): boolean {
  try {
    const parsed: unknown = JSON.parse(line);
    return (
      typeof parsed === 'object' && parsed !== null && PROBLEM_LEVELS.has(String((parsed as { level?: unknown }).level))
    );
  } catch {
    return false;
  }
}

let instances = 0;

/** An electron-log instance of its own (not the shared default), writing only to `path`, only what it is given. */
function fileLogger(path: string, maxBytes: number, archive: () => void) {
  instances += 1;
  const log = electronLog.create({ logId: `commission-desk-log-${instances}` });
  log.transports.console.level = false;
  const file = log.transports.file;
  file.level = 'info';
  file.format = '{text}';
  file.maxSize = maxBytes;
  file.sync = true;
  file.writeOptions = { flag: 'a', mode: PRIVATE_FILE_MODE, encoding: 'utf8' };
  file.resolvePathFn = () => path;
  file.archiveLogFn = archive;
  log.hooks.push((message) => ({
    ...message,
    data: message.data.map((item: unknown) => (typeof item === 'string' ? redact(item, []) : item)),
  }));
  return log;
}

/** Opens (creating if needed) the log folder and its current file. */
export function createRotatingFileSink(options: RotatingFileSinkOptions): RotatingFileSink {
  const { directory, baseName = 'main', maxBytes = 1_000_000, keep = 4 } = options;
  const nth = (n: number): string => join(directory, n === 0 ? `${baseName}.log` : `${baseName}.${n}.log`);
  const current = nth(0);
  let ready = false;

  /** Drops the oldest file and shifts the others up by one; with `keep` 0 the current file is just emptied. */
  function rotate(): void {
    rmSync(nth(keep), { force: true });
    for (let n = keep - 1; n >= 0; n -= 1) {
      try {
        renameSync(nth(n), nth(n + 1));
      } catch {
        // A missing file is simply skipped.
      }
    }
  }

  const log = fileLogger(current, maxBytes, rotate);

  function prepare(): void {
    if (ready) return;
    ensurePrivateFolder(directory);
    for (let n = 0; n <= keep; n += 1) tightenMode(nth(n));
    ready = true;
  }

  function files(): string[] {
    const found: string[] = [];
    for (let n = 0; n <= keep; n += 1) if (sizeOf(nth(n)) > 0) found.push(nth(n));
    return found;
  }

  return {
    filePath: current,
    files,
    write(line) {
      try {
        prepare();
        log.info(line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…[cut]` : line);
      } catch {
        // Disk full or folder gone: drop the line rather than fail the operation being logged.
        ready = false;
      }
    },
    recentProblems(limit) {
      if (limit <= 0) return [];
      const found: string[] = [];
      for (const file of files()) {
        const problems = readLines(file).filter(isProblem);
        found.unshift(...problems.slice(-(limit - found.length)));
        if (found.length >= limit) break;
      }
      return found.slice(-limit);
    },
  };
}
