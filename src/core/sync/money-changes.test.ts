/**
 * Every money change is a change (R2), against the HTTPS fake service and a real cache file: a routine sync that
 * applies an amount and a currency change counts and logs them; a re-check of a paid period that finds a paid sale
 * declined and another's amount cut logs those too, each flagged as a restatement of its paid period with the payment
 * date it had.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, type FakeClient } from '../../../e2e/fake-service/client-fixture';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { tempFolder } from '../../../test-support/cache-kit';
import { addDays, serviceDayToIso } from '../../shared/dates';
import { openCache, type SalesCache } from '../cache';
import type { WireSale } from '../demo';
import { runRoutineSync } from './routine-sync';
import { runSync } from './sync-engine';
import type { SyncDeps } from './sync-types';

const TODAY = '2026-10-31';
const FROM = '2026-06-01';
const ACCOUNT = 'money';

let fake: FakeService;
let connected: FakeClient;
let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;
let deps: SyncDeps;

const dayOf = (sale: WireSale): string => serviceDayToIso(sale.transaction_date) ?? '';

/** Sales of the fake that `keep` selects, each on a day of its own, `count` of them. */
function salesWhere(count: number, what: string, keep: (sale: WireSale) => boolean): WireSale[] {
  const picked: WireSale[] = [];
  for (const sale of fake.sales) {
    if (picked.length === count) break;
    if (keep(sale) && !picked.some((p) => dayOf(p) === dayOf(sale))) picked.push(sale);
  }
  if (picked.length < count) throw new Error(`the fake has fewer than ${count} ${what}`);
  return picked;
}

/** The change log's entries for `reference` seen after `since`, as [field, old, new, old currency, new currency]. */
function logged(reference: string, since: string): (string | null)[][] {
  return cache
    .changesSince(ACCOUNT, { since })
    .filter((c) => c.reference === reference)
    .map((c) => [c.field, c.oldValue, c.newValue, c.oldCurrency, c.newCurrency]);
}

let recent: WireSale[];
let paid: WireSale[];

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 600, endDay: TODAY, days: 150, seed: 23 } });
  recent = salesWhere(
    2,
    'unpaid sales in the trailing window',
    (s) => dayOf(s) > addDays(TODAY, -50) && s.payment_status === 'pending' && s.commission_status === 'pending',
  );
  paid = salesWhere(
    2,
    'paid sales in July',
    (s) => dayOf(s).startsWith('2026-07') && s.payment_status === 'paid' && s.commission_status === 'approved',
  );
  // Known amounts before the first sync, so the changes below are the audit's own: 5 → 50, 10 USD → 9.20 EUR, 30 → 3.
  fake.updateSales([
    { kind: 'set', reference: (recent[0] as WireSale).reference, fields: { commission_amount: 5, currency: 'USD' } },
    { kind: 'set', reference: (recent[1] as WireSale).reference, fields: { commission_amount: 10, currency: 'USD' } },
    {
      kind: 'set',
      reference: (paid[0] as WireSale).reference,
      fields: { commission_amount: 30, currency: 'USD', payment_date: '15-09-2026' },
    },
    { kind: 'set', reference: (paid[1] as WireSale).reference, fields: { payment_date: '15-09-2026' } },
  ]);
  connected = connectClient(fake);
  folder = tempFolder('money-changes');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite') }).cache;
  deps = { cache, client: connected.client, today: () => TODAY };
  await runSync(deps, { account: ACCOUNT, from: FROM, to: TODAY });
}, 120_000);

afterAll(async () => {
  cache.close();
  connected.close();
  await fake.close();
  folder.remove();
});

describe('money changes (R2)', () => {
  it('R2: a routine sync that applies an amount change (5 → 50) and a currency change (10 USD → 9.20 EUR) counts both and logs them with when they were seen', async () => {
    const [amount, currency] = recent as [WireSale, WireSale];
    fake.updateSales([
      { kind: 'set', reference: amount.reference, fields: { commission_amount: 50 } },
      { kind: 'set', reference: currency.reference, fields: { commission_amount: 9.2, currency: 'EUR' } },
    ]);
    const before = new Date().toISOString();

    const result = await runRoutineSync(deps, { account: ACCOUNT });

    expect(result).toMatchObject({ statusChanges: 0, amountChanges: 2, currencyChanges: 1, restatements: 0 });
    expect(logged(amount.reference, before)).toEqual([['commissionAmount', '5.00', '50.00', 'USD', 'USD']]);
    expect(logged(currency.reference, before)).toEqual([
      ['currency', 'USD', 'EUR', null, null],
      ['commissionAmount', '10.00', '9.20', 'USD', 'EUR'],
    ]);
    const seen = cache.changesSince(ACCOUNT, { since: before }).map((c) => c.changedAt);
    expect(seen.every((at) => at >= before && at <= new Date().toISOString())).toBe(true);
    expect(cache.changesSince(ACCOUNT, { since: before }).every((c) => !c.restatement)).toBe(true);
  });

  it('R2: a re-check of a paid period that finds a paid sale declined and another’s amount cut from 30 to 3 logs both as restatements of the paid period', async () => {
    const [cut, declined] = paid as [WireSale, WireSale];
    fake.updateSales([
      { kind: 'set', reference: cut.reference, fields: { commission_amount: 3 } },
      {
        kind: 'set',
        reference: declined.reference,
        fields: { commission_status: 'declined', payment_status: 'pending', payment_date: null },
      },
    ]);
    const before = new Date().toISOString();

    const result = await runSync(deps, { account: ACCOUNT, from: '2026-07-01', to: '2026-07-31', refresh: true });

    expect(result).toMatchObject({ amountChanges: 1, statusChanges: 2, dateChanges: 1, restatements: 2 });
    expect(logged(cut.reference, before)).toEqual([['commissionAmount', '30.00', '3.00', 'USD', 'USD']]);
    expect(logged(declined.reference, before)).toEqual([
      ['commissionStatus', 'approved', 'declined', null, null],
      ['paymentStatus', 'paid', 'pending', null, null],
      ['paymentDate', '2026-09-15', null, null, null],
    ]);
    const changes = cache.changesSince(ACCOUNT, { since: before });
    expect(changes).toHaveLength(4);
    expect(changes.every((c) => c.restatement && c.paidOn === '2026-09-15')).toBe(true);
  });

  it('R2: a paid sale the service stops reporting is listed as a restatement of its paid period', async () => {
    const gone = salesWhere(
      1,
      'paid sale in August',
      (s) => dayOf(s).startsWith('2026-08') && s.payment_status === 'paid' && typeof s.payment_date === 'string',
    )[0] as WireSale;
    fake.updateSales([{ kind: 'remove', reference: gone.reference }]);
    const before = new Date().toISOString();

    const result = await runSync(deps, { account: ACCOUNT, from: dayOf(gone), to: dayOf(gone), refresh: true });

    expect(result.noLongerReported).toBe(1);
    expect(cache.changesSince(ACCOUNT, { since: before })).toEqual([
      expect.objectContaining({
        reference: gone.reference,
        field: 'reported',
        newValue: 'no longer reported',
        restatement: true,
        paidOn: serviceDayToIso(gone.payment_date as string),
      }),
    ]);
  });
});
