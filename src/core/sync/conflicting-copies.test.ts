/**
 * Two different copies of one sale within one walk (R6), through the sync engine against the HTTPS fake service: the
 * copy the service sent last is kept, and the sync's notes name the sale, what was kept and the rule that decided.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, type FakeClient } from '../../../e2e/fake-service/client-fixture';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { serviceDayToIso } from '../../shared/dates';
import { openCache, type SalesCache } from '../cache';
import type { WireSale } from '../demo';
import { tempFolder } from '../../../test-support/cache-kit';
import { runSync } from './sync-engine';

const TODAY = '2026-06-30';
const MAY = { from: '2026-05-01', to: '2026-05-31' };

let fake: FakeService;
let connected: FakeClient;
let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 600, endDay: TODAY, days: 60, seed: 23 } });
  connected = connectClient(fake);
  folder = tempFolder('conflicting-copies');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite') }).cache;
});

afterAll(async () => {
  cache.close();
  connected.close();
  await fake.close();
  folder.remove();
});

describe('conflicting copies within one walk (R6)', () => {
  it('R6: a second, different copy of a sale in one walk is kept over the first, and the notes name the sale, what was kept and the rule', async () => {
    const original = fake.sales.find(
      (s) => (serviceDayToIso(s.transaction_date) ?? '') >= MAY.from && s.commission_status === 'pending',
    ) as WireSale;
    const copy = { ...original, commission_status: 'approved', commission_amount: 123.45 };
    fake.updateSales([{ kind: 'add', record: copy }]);
    const served = fake.sales.filter((s) => s.reference === original.reference);
    expect(served).toHaveLength(2);
    const last = served[1] as WireSale;

    const result = await runSync(
      { cache, client: connected.client, today: () => TODAY, parallelWindows: 1 },
      { account: 'copies', ...MAY, trailingDays: 0 },
    );
    const cached = [...cache.iterateSales('copies', { filter: { text: original.reference } })].filter(
      (s) => s.reference === original.reference,
    );
    expect(cached).toHaveLength(1);
    expect(cached[0]).toMatchObject({
      commissionStatus: last.commission_status,
      commissionAmount: last.commission_amount,
    });
    const note = result.notes.find((n) => n.includes('again with other values'));
    expect(note).toContain(
      `${original.reference} (${last.commission_status}, ${String(last.commission_amount)} ${last.currency}, ${serviceDayToIso(last.transaction_date)})`,
    );
    expect(note).toContain(
      'The later copy was kept, by the rule that within one walk the copy the service sent last is its newest word on the sale.',
    );
  });
});
