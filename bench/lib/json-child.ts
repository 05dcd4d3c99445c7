/**
 * Runs a bench helper script in a Node process of its own (so its memory is not counted in the caller's) and reads the
 * JSON value it prints as its last line on stdout. The script runs bundled the way the app and the command ship their
 * code (`nodeBundle` of vite.cli.config.ts), under plain `node`: under tsx, the process would also hold tsx's
 * transformed sources, and its peak memory would not be the app code's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { basename, extname, join } from 'node:path';

const bundles = new Map<string, string>();

/**
 * `script` built once per process (`bundle-child.ts`) into node_modules/.cache, where its native modules resolve from
 * the repository's node_modules; the bundle's path.
 */
function bundled(repoRoot: string, script: string): string {
  let path = bundles.get(script);
  if (path === undefined) {
    const outDir = join(repoRoot, 'node_modules', '.cache', 'commission-desk-bench', basename(script, extname(script)));
    const built = spawnSync(process.execPath, ['--import', 'tsx', 'bench/lib/bundle-child.ts', script, outDir], {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (built.status !== 0) throw new Error(`building ${script} for the bench ended with exit code ${built.status}`);
    path = join(outDir, 'index.js');
    bundles.set(script, path);
  }
  return path;
}

/** `node <script bundled> <args…>` in `repoRoot`; resolves with what it printed, parsed. */
export async function runJsonChild<T>(repoRoot: string, script: string, args: readonly string[]): Promise<T> {
  // Node warns about the bundled packages' `new Buffer()` only because they no longer run from node_modules.
  const quiet = '--disable-warning=DEP0005';
  const child = spawn(process.execPath, [quiet, bundled(repoRoot, script), ...args], {
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
