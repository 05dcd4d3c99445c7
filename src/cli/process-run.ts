/**
 * Runs the headless command in this process with its own terminal: stdout, stderr (and its width), stdin, the
 * environment and signals. The first Ctrl+C (or SIGTERM) asks the running command to stop cleanly; a second one ends
 * the process at once. Used by the plain-Node entry (`out/cli/index.js`, `npm run cli`) and by the installed app's
 * `--cli` switch.
 */
import type { ExitCode } from './cli-errors';
import { runCli } from './run-cli';

/** How the command was started. */
export interface CliHost {
  /** What the person typed to run it, for help and hints: `npm run cli --`, `commission-desk`, `commission-desk --cli`. */
  program: string;
  appVersion: string;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** Runs the command in `args` and resolves with its exit code once stdout and stderr are flushed. */
export async function runCliInProcess(args: readonly string[], host: CliHost): Promise<ExitCode> {
  const interrupt = new AbortController();
  const stop = (): void => interrupt.abort();
  for (const signal of SIGNALS) process.once(signal, stop);
  try {
    return await runWithStreams(args, host, interrupt.signal);
  } finally {
    // In the app's process the command is one guest among others: its listeners leave with it.
    for (const signal of SIGNALS) process.off(signal, stop);
  }
}

async function runWithStreams(args: readonly string[], host: CliHost, interrupt: AbortSignal): Promise<ExitCode> {
  const code = await runCli(args, {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    stderrIsTTY: process.stderr.isTTY === true,
    stderrColumns: () => process.stderr.columns,
    stdin: process.stdin,
    env: process.env,
    interrupt,
    program: host.program,
    appVersion: host.appVersion,
  });
  // stdin may still be open (nothing was piped in); it must not keep the process alive.
  process.stdin.unref?.();
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  return code;
}

/** Resolves once everything written to `stream` so far has been handed to the system. */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) resolve();
    else stream.write('', () => resolve());
  });
}
