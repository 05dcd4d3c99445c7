/**
 * Runs a bench helper script in a Node process of its own (so its memory is not counted in the caller's) and reads the
 * JSON value it prints as its last line on stdout.
 */
import { spawn } from 'node:child_process';

/** `node --import tsx <script> <args…>` in `repoRoot`; resolves with what it printed, parsed. */
export async function runJsonChild<T>(repoRoot: string, script: string, args: readonly string[]): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => void (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  const last = out.trim().split('\n').pop() ?? '';
  if (code !== 0 || last === '') throw new Error(`${script} ${args.join(' ')} ended with exit code ${code}`);
  return JSON.parse(last) as T;
}
