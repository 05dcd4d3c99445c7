/**
 * Runs the headless command as a child process, as `npm run cli --` does, for the CLI's tests. Not used by the app.
 */
import { spawn, type ChildProcess } from 'node:child_process';

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
}

/** Runs `src/cli/main.ts` through tsx with `args`; `record` hears everything printed (for secret canaries). */
export function runCliProcess(args: readonly string[], options: CliRunOptions = {}, record: (text: string) => void = () => undefined): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
      env: { ...process.env, COMMISSION_DESK_API_SECRET: '', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
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
