import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../../test-support/cache-kit';
import { runCliInMemory } from '../../test-support/cli-kit';
import { makeSale } from '../../test-support/export-kit';
import { openCache } from '../core/cache';
import { CACHE_FILE_NAME } from './data-dir';

const STATEMENT = join(__dirname, '../../test-support/fixtures/bank/statement-comma.csv');
let folder: ReturnType<typeof tempFolder>;
let dataDir: string;

beforeAll(() => {
  folder = tempFolder('cli-match');
  dataDir = join(folder.dir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const at = new Date('2026-11-28T09:00:00Z');
  const { cache } = openCache({ path: join(dataDir, CACHE_FILE_NAME), now: () => at });
  const paid = (currency: string, amount: number, day: string) =>
    makeSale({ currency, commissionAmount: amount, transactionDate: '2026-09-15', paymentDate: day });
  cache.storePage(
    'demo',
    [
      paid('EUR', 20, '2026-10-05'),
      paid('USD', 45, '2026-10-06'),
      paid('EUR', 100, '2026-10-12'),
      paid('EUR', 33.33, '2026-10-19'),
    ],
    at,
  );
  cache.close();
});
afterAll(() => folder.remove());

const match = (...args: string[]) =>
  runCliInMemory(['match', '--account', 'demo', '--bank', STATEMENT, ...args, '--data-dir', dataDir]);

describe('match on the command line', () => {
  it('L4: match --json lists the matches, the payout that never reached the bank and the platform line no payout explains; a second import adds nothing', async () => {
    const run = await match('--tolerance', '2.00', '--payer', 'AFFILIATE PLATFORM', '--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as {
      statement: Record<string, unknown>;
      matched: { payout: { paymentDate: string }; line: { day: string }; difference: string; manual: boolean }[];
      unpaid: { paymentDate: string; currency: string; amount: string; sales: number }[];
      unknown: { description: string }[];
    };
    expect(result.statement).toEqual({
      file: 'statement-comma.csv',
      lines: 6,
      added: 6,
      from: '2026-10-07',
      to: '2026-10-31',
    });
    expect(result.matched.map((m) => [m.payout.paymentDate, m.line.day, m.difference, m.manual])).toEqual([
      ['2026-10-05', '2026-10-07', '0.00', false],
      ['2026-10-06', '2026-10-08', '0.00', false],
      ['2026-10-12', '2026-10-14', '-1.50', false],
    ]);
    expect(result.unpaid).toEqual([{ paymentDate: '2026-10-19', currency: 'EUR', amount: '33.33', sales: 1 }]);
    expect(result.unknown.map((line) => line.description)).toEqual(['AFFILIATE PLATFORM BONUS']);
    const again = JSON.parse((await match('--tolerance', '2.00', '--json')).stdout) as { statement: { added: number } };
    expect(again.statement.added).toBe(0);
    const table = await match('--tolerance', '2.00');
    expect(table.stdout).toContain('Payouts with no bank line (1):\n  2026-10-19 33.33 EUR (1 sales)');
  });

  it('L5: a statement with no amount column is refused with what to do, and a 50 MB file before it is read', async () => {
    const noAmount = await runCliInMemory([
      'match',
      '--account',
      'demo',
      '--bank',
      join(__dirname, '../../test-support/fixtures/bank/statement-no-amount.csv'),
      '--data-dir',
      dataDir,
    ]);
    expect(noAmount.code).not.toBe(0);
    expect(noAmount.stderr).toContain('No amount column was found. Choose which column holds the amount.');
    const huge = join(folder.dir, 'huge.csv');
    writeFileSync(huge, Buffer.alloc(50 * 1024 * 1024, 0x41));
    const refused = await runCliInMemory(['match', '--account', 'demo', '--bank', huge, '--data-dir', dataDir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is larger than a bank statement can be (10 MB). Nothing was imported.');
  });
});
