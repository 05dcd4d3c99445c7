import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openCache, type SalesCache } from '../cache';
import { parsedSales, tempFolder, testClock } from '../../../test-support/cache-kit';
import { readAdjustments } from './adjustments';
import { readClosedBridge } from './closed-bridge';
import { closeMonth } from './month-close';

const ACCOUNT = 'books';
const clock = testClock();
let folder: { dir: string; remove: () => void };
let cache: SalesCache;

const OCTOBER = [
  {
    reference: 'K-1',
    currency: 'KWD',
    commission_amount: 1.25,
    transaction_date: '03-10-2026',
    payment_status: 'paid',
    payment_date: '20-10-2026',
  },
  {
    reference: 'K-2',
    currency: 'KWD',
    commission_amount: 0.5,
    transaction_date: '12-10-2026',
    commission_status: 'declined',
  },
  {
    reference: 'K-3',
    currency: 'KWD',
    commission_amount: 0.125,
    transaction_date: '28-10-2026',
    commission_status: 'approved',
  },
  {
    reference: 'J-1',
    currency: 'JPY',
    commission_amount: 1200,
    transaction_date: '15-10-2026',
    commission_status: 'pending',
  },
];

beforeEach(() => {
  folder = tempFolder('month-close');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: clock.now }).cache;
  cache.storePage(ACCOUNT, parsedSales(OCTOBER), clock.now());
});
afterEach(() => {
  cache.close();
  folder.remove();
});

describe('B2: closing a month', () => {
  it('B2: a closed month keeps the figures it had when closed, per currency, after a sale of it is declined', () => {
    const closedAt = new Date('2026-11-02T09:00:00.000Z');
    closeMonth(cache, ACCOUNT, '2026-10', closedAt);
    const declinedLater = OCTOBER.map((sale) =>
      sale.reference === 'K-3' ? { ...sale, commission_status: 'declined' } : sale,
    );
    cache.storePage(ACCOUNT, parsedSales(declinedLater), new Date('2026-11-05T09:00:00.000Z'));
    const expected = [
      { currency: 'JPY', sales: 1, earned: '1200', declined: '0', received: '0', receivable: '1200' },
      { currency: 'KWD', sales: 3, earned: '1.875', declined: '0.500', received: '1.250', receivable: '0.125' },
    ];
    expect(cache.closedMonths(ACCOUNT)).toEqual([
      { account: ACCOUNT, month: '2026-10', closedAt: closedAt.toISOString(), figures: expected },
    ]);
  });

  it('B2: a month still running cannot be closed, and the refusal records nothing', () => {
    expect(() => closeMonth(cache, ACCOUNT, '2026-10', new Date('2026-10-31T12:00:00.000Z'))).toThrow(
      /has not ended yet/,
    );
    expect(() => closeMonth(cache, ACCOUNT, '2026-11', new Date('2026-11-02T09:00:00.000Z'))).toThrow(
      /has not ended yet/,
    );
    expect(cache.closedMonths(ACCOUNT)).toEqual([]);
    expect(cache.monthCloseLog(ACCOUNT)).toEqual([]);
  });

  it('B2: closing a closed month is refused; reopening is logged with the figures the month had', () => {
    closeMonth(cache, ACCOUNT, '2026-10', new Date('2026-11-02T09:00:00.000Z'));
    expect(() => closeMonth(cache, ACCOUNT, '2026-10', new Date('2026-11-03T09:00:00.000Z'))).toThrow(/closed already/);
    cache.reopenMonth(ACCOUNT, '2026-10', new Date('2026-11-04T09:00:00.000Z'));
    expect(cache.closedMonths(ACCOUNT)).toEqual([]);
    expect(() => cache.reopenMonth(ACCOUNT, '2026-10', new Date())).toThrow(/not closed/);
    const log = cache.monthCloseLog(ACCOUNT);
    expect(log.map(({ month, action, at }) => [month, action, at])).toEqual([
      ['2026-10', 'close', '2026-11-02T09:00:00.000Z'],
      ['2026-10', 'reopen', '2026-11-04T09:00:00.000Z'],
    ]);
    expect(log[1]?.figures).toEqual(log[0]?.figures);
  });

  it('B2: a month closed again after a reopen records the figures it has then', () => {
    closeMonth(cache, ACCOUNT, '2026-10', new Date('2026-11-02T09:00:00.000Z'));
    cache.reopenMonth(ACCOUNT, '2026-10', new Date('2026-11-04T09:00:00.000Z'));
    const paid = OCTOBER.map((sale) =>
      sale.reference === 'K-3' ? { ...sale, payment_status: 'paid', payment_date: '30-10-2026' } : sale,
    );
    cache.storePage(ACCOUNT, parsedSales(paid), new Date('2026-11-05T09:00:00.000Z'));
    const again = closeMonth(cache, ACCOUNT, '2026-10', new Date('2026-11-06T09:00:00.000Z'));
    expect(again.figures.find((figures) => figures.currency === 'KWD')).toMatchObject({
      received: '1.375',
      receivable: '0.000',
    });
    expect(cache.monthCloseLog(ACCOUNT).map((event) => event.action)).toEqual(['close', 'reopen', 'close']);
  });
});

describe('B2: adjustments to a closed month', () => {
  it('B2: a decline and an amount changed twice after the close are adjustments with their effect per currency', () => {
    closeMonth(cache, ACCOUNT, '2026-10', new Date('2026-11-02T09:00:00.000Z'));
    const changed = (edit: Record<string, Record<string, unknown>>) =>
      OCTOBER.map((sale) => ({ ...sale, ...(edit[sale.reference] ?? {}) }));
    cache.storePage(
      ACCOUNT,
      parsedSales(changed({ 'K-3': { commission_status: 'declined' }, 'J-1': { commission_amount: 1500 } })),
      new Date('2026-11-05T09:00:00.000Z'),
    );
    cache.storePage(
      ACCOUNT,
      parsedSales(changed({ 'K-3': { commission_status: 'declined' }, 'J-1': { commission_amount: 900 } })),
      new Date('2026-11-06T09:00:00.000Z'),
    );
    const adjustments = readAdjustments(cache, ACCOUNT);
    expect(
      adjustments.map(({ month, reference, field, before, after, seenAt, effect }) => ({
        month,
        reference,
        field,
        before,
        after,
        seenAt,
        effect,
      })),
    ).toEqual([
      {
        month: '2026-10',
        reference: 'K-3',
        field: 'commissionStatus',
        before: 'approved',
        after: 'declined',
        seenAt: '2026-11-05T09:00:00.000Z',
        effect: [{ currency: 'KWD', commission: '-0.125' }],
      },
      {
        month: '2026-10',
        reference: 'J-1',
        field: 'commissionAmount',
        before: '1200',
        after: '1500',
        seenAt: '2026-11-05T09:00:00.000Z',
        effect: [{ currency: 'JPY', commission: '300' }],
      },
      {
        month: '2026-10',
        reference: 'J-1',
        field: 'commissionAmount',
        before: '1500',
        after: '900',
        seenAt: '2026-11-06T09:00:00.000Z',
        effect: [{ currency: 'JPY', commission: '-600' }],
      },
    ]);
  });

  it('B2: a change before the close, or to a sale of an open month, is no adjustment', () => {
    cache.storePage(
      ACCOUNT,
      parsedSales(OCTOBER.map((sale) => (sale.reference === 'J-1' ? { ...sale, commission_amount: 1000 } : sale))),
      new Date('2026-11-01T09:00:00.000Z'),
    );
    closeMonth(cache, ACCOUNT, '2026-10', new Date('2026-11-02T09:00:00.000Z'));
    expect(readAdjustments(cache, ACCOUNT)).toEqual([]);
    cache.reopenMonth(ACCOUNT, '2026-10', new Date('2026-11-03T09:00:00.000Z'));
    cache.storePage(ACCOUNT, parsedSales(OCTOBER), new Date('2026-11-04T09:00:00.000Z'));
    expect(readAdjustments(cache, ACCOUNT)).toEqual([]);
  });
});

describe('B2: the bridge after a close', () => {
  it('B2: the next month opens with the recorded receivable, a later decline counts as a reduction, residual 0', () => {
    closeMonth(cache, ACCOUNT, '2026-10', new Date('2026-11-02T09:00:00.000Z'));
    const declined = OCTOBER.map((sale) =>
      sale.reference === 'J-1' ? { ...sale, commission_status: 'declined' } : sale,
    );
    cache.storePage(ACCOUNT, parsedSales(declined), new Date('2026-11-05T09:00:00.000Z'));
    const rows = readClosedBridge(cache, ACCOUNT, { from: '2026-11-01', to: '2026-11-30' });
    expect(
      rows.map(({ currency, opening, earned, reductions, received, closing }) => [
        currency,
        opening,
        earned,
        reductions,
        received,
        closing,
      ]),
    ).toEqual([
      ['JPY', '1200', '0', '1200', '0', '0'],
      ['KWD', '0.125', '0.000', '0.000', '0.000', '0.125'],
    ]);
  });
});
