import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfSettingsStore, PreferencesStore } from '../core/settings';
import { runCliInMemory } from '../../test-support/cli-kit';
import { yearFixtureDataDir } from '../../test-support/year-fixture';

let folder: ReturnType<typeof yearFixtureDataDir>['folder'];
let dataDir: string;

beforeAll(() => {
  ({ folder, dataDir } = yearFixtureDataDir('cli-ledger'));
});
afterAll(() => folder.remove());

async function journal(name: string, ...args: string[]): Promise<string[][]> {
  const out = join(folder.dir, name);
  const run = await runCliInMemory([
    'ledger',
    '--account',
    'demo',
    '--format',
    'journal',
    '--currency',
    'KWD',
    '--from',
    '2026-01-01',
    '--to',
    '2026-12-31',
    '--out',
    out,
    ...args,
    '--data-dir',
    dataDir,
  ]);
  expect(run.stderr).not.toMatch(/error/i);
  expect(run.code).toBe(0);
  return readFileSync(out, 'utf8')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(','));
}

describe('ledger and the Ledger files settings', () => {
  it('L3: the journal posts to the accounts and writes dates as set in Settings; --date-format overrides the dates', async () => {
    const before = await journal('default.csv');
    expect(before.length).toBeGreaterThan(0);
    expect(new Set(before.map((cells) => cells[1]))).toEqual(new Set(['Bank', 'Affiliate commission income']));
    const day = (before[0] as string[])[0] as string;
    expect(day).toMatch(/^\d{2}\/\d{2}\/2026$/);

    new PreferencesStore(createConfSettingsStore(dataDir)).update({
      ledgerDateFormat: 'mm/dd/yyyy',
      journalBankAccount: 'Business current account',
      journalIncomeAccount: 'Commission income',
    });
    const after = await journal('settings.csv');
    expect(new Set(after.map((cells) => cells[1]))).toEqual(new Set(['Business current account', 'Commission income']));
    const [dd, mm, yyyy] = day.split('/');
    expect((after[0] as string[])[0]).toBe(`${mm}/${dd}/${yyyy}`);

    const overridden = await journal('override.csv', '--date-format', 'dd/mm/yyyy');
    expect((overridden[0] as string[])[0]).toBe(day);
  });

  it('L3: --split category writes one balanced pair per payout and category, the debits of each day adding up to that day without the split', async () => {
    const whole = await journal('whole.csv', '--date-format', 'dd/mm/yyyy');
    const split = await journal('by-category.csv', '--date-format', 'dd/mm/yyyy', '--split', 'category');
    expect(split.length).toBeGreaterThanOrEqual(whole.length);
    expect(
      split.every((cells) => / commission payout, category \S+, \d+ sales?"$/.test(cells.slice(5).join(','))),
    ).toBe(true);
    const debits = (rows: string[][]) => {
      const perDay = new Map<string, bigint>();
      for (const [day, , debit] of rows)
        if (debit) perDay.set(day as string, (perDay.get(day as string) ?? 0n) + BigInt(debit.replace('.', '')));
      return perDay;
    };
    expect(debits(split)).toEqual(debits(whole));
    const refused = await runCliInMemory([
      'ledger',
      '--account',
      'demo',
      '--format',
      'xero',
      '--currency',
      'KWD',
      '--month',
      '2026-01',
      '--out',
      join(folder.dir, 'refused.csv'),
      '--split',
      'product',
      '--data-dir',
      dataDir,
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('must be category or collection');
  });
});
