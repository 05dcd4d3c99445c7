/**
 * Money changes from a script (R2): `sync` counts amount, currency and date changes and restated paid sales, and says
 * how to list them; `changes` lists each with when it was seen and its currencies, a change to a paid sale marked as
 * restating its paid period, as a table, CSV or JSON.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../e2e/fake-service/fake-service';
import { tempFolder } from '../../test-support/cache-kit';
import { accountsAddRun, messagesOf, runCliProcess, type CliRun } from '../../test-support/cli-kit';
import type { WireSale } from '../core/demo';
import { addDays, localIsoDay, serviceDayToIso } from '../shared/dates';
import type { SaleChange } from '../shared/sales-query-types';
import { EXIT_CODES } from './cli-errors';

const SERVICE = `Commission Desk (cli changes test ${randomUUID()})`;
let fake: FakeService;
let folder: ReturnType<typeof tempFolder>;
let unpaid: WireSale[];
let paid: WireSale;

function cli(args: string[], stdin = ''): Promise<CliRun> {
  return runCliProcess(
    [...args, '--data-dir', join(folder.dir, 'data'), '--keychain-service', SERVICE, '--ca-file', fake.caPemPath],
    { stdin },
  );
}

const dayOf = (sale: WireSale): string => serviceDayToIso(sale.transaction_date) ?? '';

/** `count` sales of February that `keep` selects, each on a day of its own. */
function februarySales(count: number, keep: (sale: WireSale) => boolean): WireSale[] {
  const picked: WireSale[] = [];
  for (const sale of fake.sales) {
    const fresh = !picked.some((p) => dayOf(p) === dayOf(sale));
    if (picked.length < count && fresh && dayOf(sale).startsWith('2026-02') && keep(sale)) picked.push(sale);
  }
  if (picked.length < count) throw new Error(`the fake has fewer than ${count} such sales in February`);
  return picked;
}

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 400, endDay: '2026-03-31', days: 120, seed: 29 } });
  folder = tempFolder('cli-changes');
  unpaid = februarySales(2, (s) => s.payment_status === 'pending' && s.commission_status === 'pending');
  [paid] = februarySales(1, (s) => s.payment_status === 'paid' && s.commission_status === 'approved') as [WireSale];
  fake.updateSales([
    { kind: 'set', reference: (unpaid[0] as WireSale).reference, fields: { commission_amount: 5, currency: 'USD' } },
    { kind: 'set', reference: (unpaid[1] as WireSale).reference, fields: { commission_amount: 10, currency: 'USD' } },
    {
      kind: 'set',
      reference: paid.reference,
      fields: { commission_amount: 30, currency: 'USD', payment_date: '15-03-2026' },
    },
  ]);
  const add = accountsAddRun(fake, 'Main shop');
  const added = await cli(add.args, add.stdin);
  if (added.code !== 0) throw new Error(added.stderr);
  const synced = await cli(['sync', '--account', 'Main shop', '--month', '2026-02', '--quiet']);
  if (synced.code !== 0) throw new Error(synced.stderr);
}, 120_000);
afterAll(async () => {
  for (const entry of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, entry.account);
  await fake.close();
  folder.remove();
});

describe('money changes from a script', () => {
  it('R2: sync --refresh counts amount and currency changes and the restated paid sale; changes lists each, the paid one marked', async () => {
    const [amount, currency] = unpaid as [WireSale, WireSale];
    fake.updateSales([
      { kind: 'set', reference: amount.reference, fields: { commission_amount: 50 } },
      { kind: 'set', reference: currency.reference, fields: { commission_amount: 9.2, currency: 'EUR' } },
      { kind: 'set', reference: paid.reference, fields: { commission_amount: 3 } },
    ]);

    const sync = await cli(['sync', '--account', 'Main shop', '--month', '2026-02', '--refresh', '--quiet']);
    expect(sync.code).toBe(EXIT_CODES.ok);
    expect(sync.stdout).toMatch(
      /^Synced 2026-02-01 to 2026-02-28 for "Main shop": [\d,]+ sales fetched \(0 new, 3 updated, 0 status changes, 3 amount changes, 1 currency change, 1 restated paid sale\); [\d,]+ open sales made up to 2026-02-28 re-checked\.\n$/,
    );
    expect(messagesOf(sync.stderr)).toMatch(
      /^Note: 1 sale that was paid has changed, which restates a paid period \(its payout\)\. List them with: .+ changes --account "Main shop" --restatements\n$/,
    );

    const table = await cli(['changes', '--account', 'Main shop']);
    expect(table.code).toBe(EXIT_CODES.ok);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Seen +Reference +Sale date +Change +From +To +Restates$/);
    expect(lines).toHaveLength(5);
    const lineOf = (reference: string, change: string) =>
      lines.find((l) => l.includes(reference) && l.includes(`  ${change}  `)) ?? '';
    expect(lineOf(amount.reference, 'Commission amount')).toMatch(/5\.00 USD +50\.00 USD$/);
    expect(lineOf(currency.reference, 'Currency')).toMatch(/USD +EUR$/);
    expect(lineOf(currency.reference, 'Commission amount')).toMatch(/10\.00 USD +9\.20 EUR$/);
    expect(lineOf(paid.reference, 'Commission amount')).toMatch(/30\.00 USD +3\.00 USD +paid 2026-03-15$/);
    expect(lines.slice(1).every((l) => /^\d{4}-\d\d-\d\d \d\d:\d\d UTC /.test(l))).toBe(true);
    expect(messagesOf(table.stderr)).toMatch(/^Note: 1 sale was paid before changing/);

    const restated = await cli(['changes', '--account', 'Main shop', '--restatements', '--csv']);
    expect(restated.stdout.trimEnd().split('\r\n')).toEqual([
      'Seen,Reference,Sale date,Change,From,To,Restates',
      expect.stringMatching(
        new RegExp(`^[^,]+,${paid.reference},${dayOf(paid)},Commission amount,30\\.00 USD,3\\.00 USD,paid 2026-03-15$`),
      ),
    ]);

    const json = JSON.parse(
      (await cli(['changes', '--account', 'Main shop', '--since', '2026-01-01', '--json'])).stdout,
    ) as SaleChange[];
    expect(json.find((c) => c.reference === paid.reference)).toMatchObject({
      field: 'commissionAmount',
      oldValue: '30.00',
      newValue: '3.00',
      oldCurrency: 'USD',
      newCurrency: 'USD',
      restatement: true,
      paidOn: '2026-03-15',
    });
    expect(json.every((c) => !Number.isNaN(Date.parse(c.changedAt)))).toBe(true);
  });

  it('R2: changes with nothing to list says so, and refuses --json with --csv', async () => {
    const tomorrow = addDays(localIsoDay(new Date()), 1);
    const none = await cli(['changes', '--account', 'Main shop', '--since', tomorrow]);
    expect(none.stdout).toBe(`No changes since ${tomorrow} in the cache of Main shop.\n`);
    const both = await cli(['changes', '--account', 'Main shop', '--json', '--csv']);
    expect(both.code).toBe(EXIT_CODES.usage);
    expect(both.stderr).toMatch(/Give either --json or --csv, not both\./);
  });
});
