import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../../test-support/cache-kit';
import { runCliInMemory } from '../../test-support/cli-kit';
import { HOME_SALES } from '../../test-support/home-sales';
import { openCache } from '../core/cache';
import { CACHE_FILE_NAME } from './data-dir';

const FIXTURES = join(__dirname, '../../test-support/fixtures/ecb');
let folder: ReturnType<typeof tempFolder>;
let dataDir: string;

beforeAll(() => {
  folder = tempFolder('cli-rates');
  dataDir = join(folder.dir, 'data');
  mkdirSync(dataDir, { recursive: true });
});
afterAll(() => folder.remove());

const rates = (...args: string[]) => runCliInMemory(['rates', ...args, '--data-dir', dataDir]);

describe('rates on the command line', () => {
  it('L1: rates status says none are stored; rates import stores the ECB file; rates status --json then describes it', async () => {
    const empty = await rates('status', '--json');
    expect(empty.code).toBe(0);
    expect(JSON.parse(empty.stdout)).toEqual({ stored: false });
    expect((await rates('status')).stdout).toContain('rates import eurofxref-hist.csv');

    const imported = await rates('import', join(FIXTURES, 'eurofxref-hist-sample.csv'));
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(
      /^Stored 650 days of rates from 2024-06-03 to 2026-11-27 for 4 currencies \(CHF, GBP, JPY, USD\), from the file eurofxref-hist-sample\.csv, stored \d{4}-/,
    );
    const status = JSON.parse((await rates('status', '--json')).stdout) as Record<string, unknown>;
    expect(status).toMatchObject({
      stored: true,
      kind: 'file',
      origin: 'eurofxref-hist-sample.csv',
      firstDay: '2024-06-03',
      lastDay: '2026-11-27',
      days: 650,
      currencies: ['CHF', 'GBP', 'JPY', 'USD'],
    });
  });

  it('L2: bridge --home converts the bridge at the stored rates: the exchange difference closes each currency to 0; KWD stays unconverted', async () => {
    const { cache } = openCache({ path: join(dataDir, CACHE_FILE_NAME), now: () => new Date('2026-11-28T09:00:00Z') });
    cache.storePage('demo', HOME_SALES, new Date('2026-11-28T09:00:00Z'));
    cache.close();
    const run = await runCliInMemory([
      'bridge',
      '--account',
      'demo',
      '--month',
      '2026-10',
      '--home',
      'GBP',
      '--json',
      '--data-dir',
      dataDir,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const rows = JSON.parse(run.stdout) as Record<string, string | number | null>[];
    expect(rows.map((row) => row.currency)).toEqual(['GBP', 'JPY', 'KWD', 'USD']);
    expect(rows[2]).toMatchObject({
      home: 'GBP',
      closing: null,
      unconverted: 'The ECB publishes no rate for KWD: shown unconverted.',
    });
    const usd = rows[3] as Record<string, string>;
    const minor = (key: string) => BigInt((usd[key] as string).replace('.', ''));
    expect(
      minor('opening') + minor('earned') - minor('reductions') - minor('received') + minor('exchangeDifference'),
    ).toBe(minor('closing'));
    expect(usd.exchangeDifference).not.toBe('0.00');
    const table = await runCliInMemory([
      'bridge',
      '--account',
      'demo',
      '--month',
      '2026-10',
      '--home',
      'GBP',
      '--data-dir',
      dataDir,
    ]);
    expect(table.stdout).toContain('Exchange difference');
    expect(table.stdout).not.toContain('null');
  });

  it('L2: year --home prints the fiscal year converted: difference = accrual - cash in each row; KWD unconverted', async () => {
    const run = await runCliInMemory([
      'year',
      '--account',
      'demo',
      '--year',
      '2026',
      '--home',
      'GBP',
      '--json',
      '--data-dir',
      dataDir,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const rows = JSON.parse(run.stdout) as Record<string, string | null>[];
    const october = rows.find((row) => row.currency === 'USD' && row.month === '2026-10') as Record<string, string>;
    const minor = (key: string) => BigInt((october[key] as string).replace('.', ''));
    expect(minor('accrual') - minor('cash')).toBe(minor('difference'));
    expect(october.home).toBe('GBP');
    expect(rows.find((row) => row.currency === 'KWD' && row.month === 'total')).toMatchObject({ cash: null });
  });

  it('L5: a malformed rates file is refused with the line that is wrong and a non-zero exit; the stored rates stay', async () => {
    const before = (await rates('status', '--json')).stdout;
    const refused = await rates('import', join(FIXTURES, 'malformed-rates.csv'));
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('Line 2: the JPY rate "abc" is not a number. Nothing was changed.');
    expect((await rates('status', '--json')).stdout).toBe(before);
    const unknown = await rates('fetch');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('"rates fetch" is not a command');
  });
});
