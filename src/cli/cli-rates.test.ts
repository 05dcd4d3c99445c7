import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../../test-support/cache-kit';
import { runCliInMemory } from '../../test-support/cli-kit';

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
      /^Stored 64 days of rates from 2026-09-01 to 2026-11-27 for 4 currencies \(CHF, GBP, JPY, USD\), from the file eurofxref-hist-sample\.csv, stored \d{4}-/,
    );
    const status = JSON.parse((await rates('status', '--json')).stdout) as Record<string, unknown>;
    expect(status).toMatchObject({
      stored: true,
      kind: 'file',
      origin: 'eurofxref-hist-sample.csv',
      firstDay: '2026-09-01',
      lastDay: '2026-11-27',
      days: 64,
      currencies: ['CHF', 'GBP', 'JPY', 'USD'],
    });
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
