/**
 * The headless command's contact with its terminal, behind one interface so tests can run commands in-process and
 * scripts get clean output: results on stdout, messages and progress on stderr (a redrawn bar on a terminal, a plain
 * line now and then elsewhere; see `progress/`).
 */

/** Standard streams and environment of one run. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** True when stderr is a terminal, so a self-overwriting progress bar is readable. */
  stderrIsTTY: boolean;
  /** The terminal's width in characters, when stderr is one. */
  stderrColumns?: () => number | undefined;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  env: NodeJS.ProcessEnv;
  /** Aborted on Ctrl+C or SIGTERM: long work stops cleanly. */
  interrupt: AbortSignal;
  /** How the person started the command, for help and hints: `npm run cli --`, `commission-desk`, `commission-desk --cli`. */
  program: string;
  /** The app's version, written into an export's About sheet. */
  appVersion: string;
}

/** Formats a count the way people read it: 12,345. */
export function count(n: number): string {
  return n.toLocaleString('en');
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return text;
}

/** Reads one line per prompt from a terminal without echoing them, in one pass over the stream (ending it closes it). */
async function promptHidden(io: CliIo, prompts: readonly string[]): Promise<string[]> {
  const lines: string[] = [];
  let line = '';
  let previous = '';
  io.stderr(prompts[0] ?? '');
  io.stdin.setRawMode?.(true);
  try {
    for await (const chunk of io.stdin) {
      for (const ch of typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')) {
        if (ch === '\u0003') throw new Error('interrupted');
        const crlf = previous === '\r' && ch === '\n';
        previous = ch;
        if (crlf) continue;
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          lines.push(line);
          line = '';
          if (lines.length === prompts.length) return lines;
          io.stderr(`\n${prompts[lines.length] ?? ''}`);
        } else line = ch === '\u007f' ? line.slice(0, -1) : line + ch;
      }
    }
    return [...lines, line];
  } finally {
    io.stdin.setRawMode?.(false);
    io.stderr('\n');
  }
}

/**
 * Lines read from standard input: one per prompt, typed without echo at a terminal; else every piped line. Each is
 * trimmed (the newline of `echo`, a stray space) and trailing empty lines are dropped, so the caller can tell a
 * missing value (fewer lines) from an unexpected one (more).
 */
export async function readStdinLines(io: CliIo, prompts: readonly string[]): Promise<string[]> {
  const lines = io.stdin.isTTY ? await promptHidden(io, prompts) : (await readAll(io.stdin)).split(/\r?\n/);
  const trimmed = lines.map((line) => line.trim());
  while (trimmed.length > 0 && trimmed[trimmed.length - 1] === '') trimmed.pop();
  return trimmed;
}
