/**
 * The shared databases: generated once per run with scripts/generate-sales-db.ts (the cache's own page store, exactly
 * as a sync writes), into the run's temp folder, and handed to every case that needs them. Cases only read them
 * (or copy them), so the order of cases does not matter.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { BENCH_ACCOUNT, type DatasetName } from './case';

/** Sales per shared database, at a full run and with `--quick`. */
export const DATASET_SIZES: Record<DatasetName, { full: number; quick: number }> = {
  large: { full: 1_000_000, quick: 50_000 },
  medium: { full: 100_000, quick: 5_000 },
};

/** Generates `count` sales of {@link BENCH_ACCOUNT} into `dir`/<name>.sqlite; resolves with the path. */
export async function generateDataset(
  repoRoot: string,
  dir: string,
  name: DatasetName,
  count: number,
  log: (line: string) => void,
): Promise<string> {
  const out = join(dir, `${name}-${count}.sqlite`);
  const args = [
    '--import',
    'tsx',
    'scripts/generate-sales-db.ts',
    '--count',
    String(count),
    '--out',
    out,
    '--account',
    BENCH_ACCOUNT,
    '--force',
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines = (chunk: Buffer): void => {
      for (const line of chunk.toString().split('\n')) if (line.trim() !== '') log(line);
    };
    child.stdout.on('data', lines);
    child.stderr.on('data', lines);
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`generating the ${name} database failed (exit ${code})`)),
    );
  });
  return out;
}
