import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../cache';
import { sampleSales, tempFolder } from '../../../test-support/cache-kit';
import { exportFromCache } from './export-sales';

const ROWS = 100_000;
const ACCOUNT = 'bench';
let folder: ReturnType<typeof tempFolder>;
let db: string;

beforeAll(() => {
  folder = tempFolder('export-scale');
  db = join(folder.dir, 'cache.sqlite');
  const { cache } = openCache({ path: db });
  const sales = sampleSales({ count: ROWS, days: 730 });
  for (let i = 0; i < sales.length; i += 1000)
    cache.storePage(ACCOUNT, sales.slice(i, i + 1000), '2026-07-01T00:00:00Z');
  cache.close();
}, 120_000);
afterAll(() => folder.remove());

/** Runs the measuring script in a child process, so its peak memory is the export's alone. */
function measure(
  out: string,
  onSpawn?: (kill: () => void) => void,
): Promise<{ rows: number; seconds: number; peakRssMb: number } | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test-support/measure-export.ts', '--db', db, '--out', out, '--account', ACCOUNT],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') return resolve(null);
      if (code !== 0) return reject(new Error(`measure-export failed (${code}): ${stderr}`));
      resolve(
        JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { rows: number; seconds: number; peakRssMb: number },
      );
    });
    onSpawn?.(() => child.kill('SIGKILL'));
  });
}

/** Counts the Sales sheet's rows by streaming the file back, without loading it whole. */
async function countSalesRows(path: string): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'ignore',
    hyperlinks: 'ignore',
    styles: 'ignore',
  });
  let rows = 0;
  for await (const sheet of reader) {
    const name = (sheet as unknown as { name?: string }).name;
    for await (const row of sheet) if (name === 'Sales' && row) rows += 1;
  }
  return rows;
}

describe('large exports', () => {
  it('exports 100,000 sales in a child process within 400 MB of peak memory, and the file holds every row', async () => {
    const out = join(folder.dir, 'hundred-thousand.xlsx');
    const figures = await measure(out);
    console.info(`100,000-sale xlsx export: ${figures?.seconds} s, peak RSS ${figures?.peakRssMb} MB`);
    expect(figures?.rows).toBe(ROWS);
    expect(figures?.peakRssMb).toBeLessThan(400);
    // exceljs's streaming reader parks the sheets of a file written by its streaming writer (sheets before the
    // workbook part) in temporary files; once in five CI runs under load it handed back a Sales sheet without rows.
    // A file that really lacks rows fails both counts.
    const counted = await countSalesRows(out);
    expect(counted === ROWS + 1 ? counted : await countSalesRows(out)).toBe(ROWS + 1);
  }, 180_000);

  it('E3: a process killed mid-export leaves no file under the chosen name; the next export removes the leftover and succeeds', async () => {
    const out = join(folder.dir, 'killed.xlsx');
    const partials = () =>
      readdirSync(folder.dir).filter((n) => n.startsWith('.killed.xlsx.') && n.endsWith('.partial'));
    const result = await measure(out, (kill) => {
      const timer = setInterval(() => {
        const [partial] = partials();
        if (partial && statSync(join(folder.dir, partial)).size > 200_000) {
          clearInterval(timer);
          kill();
        }
      }, 20);
    });
    expect(result).toBeNull();
    expect(existsSync(out)).toBe(false);
    const [leftover] = partials();
    expect(leftover).toBeDefined();
    const old = new Date(Date.now() - 3_600_000);
    utimesSync(join(folder.dir, leftover ?? ''), old, old);
    const { cache } = openCache({ path: db });
    try {
      const outcome = await exportFromCache({
        cache,
        account: ACCOUNT,
        accountLabel: 'Bench',
        baseUrl: 'https://bench.invalid',
        request: { filter: { from: '2026-06-01', to: '2026-06-30' }, format: 'xlsx' },
        targetPath: out,
        appVersion: 'test',
      });
      expect(outcome.rowCount).toBeGreaterThan(0);
    } finally {
      cache.close();
    }
    expect(partials()).toEqual([]);
    expect(existsSync(out)).toBe(true);
  }, 180_000);
});
