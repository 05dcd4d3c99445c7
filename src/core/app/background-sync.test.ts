import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { createTestCore } from '../../../test-support/app-core-kit';
import { createSilentLogger } from '../log';
import { createNodeFetch } from '../service';
import type { SaleChange } from '../../shared/sales-query-types';
import {
  changeNews,
  createBackgroundSync,
  newsCount,
  syncNewsText,
  type ScheduleTimers,
  type SyncNews,
} from './background-sync';

const HOUR = 3_600_000;

/** Timers a test fires by hand: what is pending, and for how long. */
function manualTimers(): ScheduleTimers & { pending: { run: () => void; ms: number }[]; fire: () => Promise<void> } {
  const pending: { run: () => void; ms: number }[] = [];
  return {
    pending,
    set: (run, ms) => {
      const entry = { run, ms };
      pending.push(entry);
      return entry;
    },
    clear: (handle) => {
      const i = pending.indexOf(handle as { run: () => void; ms: number });
      if (i >= 0) pending.splice(i, 1);
    },
    fire: async () => {
      const next = pending.shift();
      if (!next) throw new Error('nothing scheduled');
      next.run();
      for (let i = 0; i < 50; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
    },
  };
}

describe('the background sync schedule', () => {
  it('runs every N hours, tells only news, is off at 0, and keeps going after a failed run', async () => {
    const timers = manualTimers();
    let hours = 6;
    const outcomes: (SyncNews | null | Error)[] = [
      { accountLabel: 'Shop', newSales: 0, statusChanges: 0 },
      new Error('offline'),
      { accountLabel: 'Shop', newSales: 2, statusChanges: 3 },
    ];
    const told: SyncNews[] = [];
    const schedule = createBackgroundSync({
      intervalHours: () => hours,
      runOnce: async () => {
        const next = outcomes.shift() ?? null;
        if (next instanceof Error) throw next;
        return next;
      },
      onNews: (news) => told.push(news),
      timers,
      logger: createSilentLogger(),
    });
    expect(timers.pending).toHaveLength(0);
    schedule.reschedule();
    expect(timers.pending.map((t) => t.ms)).toEqual([6 * HOUR]);
    await timers.fire();
    expect(told).toEqual([]);
    await timers.fire();
    expect(told).toEqual([]);
    expect(timers.pending.map((t) => t.ms)).toEqual([6 * HOUR]);
    await timers.fire();
    expect(told).toEqual([{ accountLabel: 'Shop', newSales: 2, statusChanges: 3 }]);

    hours = 0;
    schedule.reschedule();
    expect(timers.pending).toHaveLength(0);
    hours = 2;
    schedule.reschedule();
    expect(timers.pending.map((t) => t.ms)).toEqual([2 * HOUR]);
    schedule.stop();
    expect(timers.pending).toHaveLength(0);
  });
});

describe('the news notification', () => {
  it('names the account and what arrived, leaving out what did not', () => {
    expect(syncNewsText({ accountLabel: 'Shop', newSales: 1, statusChanges: 0 }).title).toBe('Shop: 1 new sale');
    expect(syncNewsText({ accountLabel: 'Shop', newSales: 0, statusChanges: 2 }).title).toBe('Shop: 2 status changes');
    expect(syncNewsText({ accountLabel: 'EU', newSales: 1200, statusChanges: 1 }).title).toBe(
      'EU: 1,200 new sales and 1 status change',
    );
    expect(syncNewsText({ accountLabel: 'EU', newSales: 3, statusChanges: 4 }).body).toMatch(/Changes/);
  });

  it('R2: counts money changes apart from status changes, and names the restated paid sales', () => {
    expect(
      syncNewsText({ accountLabel: 'Shop', newSales: 0, statusChanges: 1, moneyChanges: 2, restatements: 1 }).title,
    ).toBe('Shop: 1 status change, 2 money changes and 1 restated paid sale');
    expect(newsCount({ accountLabel: 'Shop', newSales: 1, statusChanges: 1, moneyChanges: 2, restatements: 1 })).toBe(
      4,
    );
    const entry = (reference: string, field: SaleChange['field'], restatement = false): SaleChange => ({
      id: 0,
      reference,
      field,
      oldValue: null,
      newValue: null,
      oldCurrency: null,
      newCurrency: null,
      changedAt: '2026-06-30T00:00:00.000Z',
      restatement,
      paidOn: null,
      transactionDate: null,
      currency: null,
      commission: null,
    });
    // A payment (status and date) is one status change; a cut on a paid sale is a money change and a restatement.
    expect(
      changeNews([
        entry('A', 'paymentStatus'),
        entry('A', 'paymentDate'),
        entry('B', 'commissionAmount', true),
        entry('C', 'currency'),
        entry('C', 'commissionAmount'),
      ]),
    ).toEqual({ statusChanges: 1, moneyChanges: 3, restatements: 1 });
  });
});

describe('background sync in the app core', () => {
  let fake: FakeService;
  beforeAll(async () => {
    fake = await startFakeService({ sales: { count: 200, endDay: '2026-06-30', days: 40, seed: 5 } });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('a scheduled routine sync tells how many sales are new and how many statuses changed, and a changed interval reschedules', async () => {
    const timers = manualTimers();
    const told: SyncNews[] = [];
    const { core } = createTestCore({
      fetch: createNodeFetch({ extraCaPem: fake.caPem }),
      timers,
      onSyncNews: (news) => told.push(news),
    });
    try {
      await core.accounts.addAccount({ baseUrl: fake.baseUrl, ...fake.credentials, label: 'Shop', sessionOnly: false });
      // The first sync covers every sale the service has, so what the next one finds is news and nothing else.
      core.sync.start({ from: '2026-05-01', to: '2026-06-30' });
      await core.sync.idle();
      expect(
        core.sales.page({ filter: {}, sort: { column: 'transactionDate', direction: 'desc' }, offset: 0, limit: 1 })
          .total,
      ).toBe(fake.sales.length);
      core.background.reschedule();
      expect(timers.pending.map((t) => t.ms)).toEqual([6 * HOUR]);

      const changed = fake.changeSaleStatuses({
        count: 4,
        fromCommissionStatus: 'pending',
        to: { commission_status: 'approved' },
      });
      expect(changed).toHaveLength(4);
      fake.updateSales([
        {
          kind: 'add',
          record: {
            reference: 'LATE-1',
            commission_amount: 3,
            currency: 'EUR',
            commission_status: 'pending',
            transaction_date: '29-06-2026',
          },
        },
        {
          kind: 'add',
          record: {
            reference: 'LATE-2',
            commission_amount: 4,
            currency: 'EUR',
            commission_status: 'pending',
            transaction_date: '30-06-2026',
          },
        },
      ]);
      await timers.fire();
      await core.sync.idle();
      expect(told).toEqual([{ accountLabel: 'Shop', newSales: 2, statusChanges: 4, moneyChanges: 0, restatements: 0 }]);
      expect(timers.pending.map((t) => t.ms)).toEqual([6 * HOUR]);

      core.preferences.update({ backgroundSyncHours: 1 });
      expect(timers.pending.map((t) => t.ms)).toEqual([HOUR]);
      core.preferences.update({ theme: 'dark' });
      expect(timers.pending.map((t) => t.ms)).toEqual([HOUR]);
      core.preferences.update({ backgroundSyncHours: 0 });
      expect(timers.pending).toHaveLength(0);
    } finally {
      await core.close();
    }
  });
});
