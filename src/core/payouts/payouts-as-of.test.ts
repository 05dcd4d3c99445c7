import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../../../test-support/cache-kit';
import { makeSale } from '../../../test-support/export-kit';
import { openCache, type SalesCache } from '../cache';
import { createPayoutReader } from './payout-report';

const ACCOUNT = 'payouts';
let folder: ReturnType<typeof tempFolder>;
let clock: Date;
let cache: SalesCache;

beforeEach(() => {
  folder = tempFolder('payouts-as-of');
  clock = new Date('2026-10-01T08:00:00.000Z');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: () => clock }).cache;
});
afterEach(() => {
  cache.close();
  folder.remove();
});

describe('the payouts view as of a past moment', () => {
  it('B1: the payouts, owed and pending read later as of T are those read at T', () => {
    const paid = makeSale({ reference: 'P', currency: 'EUR', commissionAmount: 40, paymentDate: '2026-09-20' });
    const owed = makeSale({
      reference: 'O',
      currency: 'USD',
      commissionAmount: 7.5,
      paymentStatus: 'pending',
      paymentDate: null,
    });
    cache.storePage(ACCOUNT, [paid, owed], clock);
    clock = new Date('2026-10-05T12:00:00.000Z');
    const reader = createPayoutReader(
      () => cache,
      () => ACCOUNT,
      () => clock,
    );
    const september = { from: '2026-09-01', to: '2026-09-30' };
    const atT = reader.report(september);

    clock = new Date('2026-10-20T08:00:00.000Z');
    cache.storePage(
      ACCOUNT,
      [
        { ...paid, commissionAmount: 35, paymentDate: '2026-09-21' },
        { ...owed, paymentStatus: 'paid', paymentDate: '2026-09-30' },
      ],
      clock,
    );
    const now = reader.report(september);
    const asOfT = reader.report({ ...september, asOf: '2026-10-05T12:00:00.000Z' });

    expect(now.payouts).not.toEqual(atT.payouts);
    expect(asOfT.moment).toBe('2026-10-05T12:00:00.000Z');
    expect({ ...asOfT, moment: null }).toEqual(atT);
  });
});
