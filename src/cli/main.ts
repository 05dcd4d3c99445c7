/**
 * Entry point of the headless command (`npm run cli -- <command> …`, run with tsx): wires the process's streams and
 * signals to {@link runCli}. The first Ctrl+C (or SIGTERM) asks the running command to stop cleanly; a second one
 * ends the process at once.
 */
import { runCli } from './run-cli';

const interrupt = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => interrupt.abort());

const code = await runCli(process.argv.slice(2), {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  stderrIsTTY: process.stderr.isTTY === true,
  stdin: process.stdin,
  env: process.env,
  interrupt: interrupt.signal,
});
process.exitCode = code;
// stdin may still be open (nothing was piped in); it must not keep the process alive.
process.stdin.unref?.();
