import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../e2e/fake-service/fake-service';
import { tempFolder } from '../../test-support/cache-kit';
import { runCliProcess, type CliRun } from '../../test-support/cli-kit';
import { cents } from '../../test-support/sales-oracle';
import type { WireSale } from '../core/demo';
import { serviceDayToIso } from '../shared/dates';
import { EXIT_CODES } from './cli-errors';

const SERVICE = `Commission Desk (cli reports test ${randomUUID()})`;
let fake: FakeService;
let folder: ReturnType<typeof tempFolder>;

function cli(args: string[], stdin = ''): Promise<CliRun> {
  return runCliProcess(
    [...args, '--data-dir', join(folder.dir, 'data'), '--keychain-service', SERVICE, '--ca-file', fake.caPemPath],
    { stdin },
  );
}

const dayOf = (day: string | null | undefined): string => (typeof day === 'string' ? (serviceDayToIso(day) ?? '') : '');
const centsText = (value: number): string =>
  `${Math.trunc(value / 100)}.${String(Math.abs(value % 100)).padStart(2, '0')}`;

/** Per-key count and integer-cent sum of the fake's sales that `keyOf` places (null: left out). */
function grouped(keyOf: (sale: WireSale) => string | null): Map<string, { sales: number; cents: number }> {
  const out = new Map<string, { sales: number; cents: number }>();
  for (const sale of fake.sales) {
    const key = keyOf(sale);
    if (key === null) continue;
    const entry = out.get(key) ?? { sales: 0, cents: 0 };
    entry.sales += 1;
    entry.cents += cents(Number(sale.commission_amount));
    out.set(key, entry);
  }
  return out;
}

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 400, endDay: '2026-03-31', days: 120, seed: 17 } });
  folder = tempFolder('cli-reports');
  const added = await cli(
    [
      'accounts',
      'add',
      '--label',
      'Main shop',
      '--base-url',
      fake.baseUrl,
      '--app-id',
      fake.credentials.appId,
      '--api-key',
      fake.credentials.apiKey,
    ],
    `${fake.credentials.apiSecret}\n`,
  );
  if (added.code !== 0) throw new Error(added.stderr);
  const synced = await cli(['sync', '--account', 'Main shop', '--from', '2025-11-01', '--to', '2026-03-31']);
  if (synced.code !== 0) throw new Error(synced.stderr);
}, 120_000);
afterAll(async () => {
  for (const entry of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, entry.account);
  await fake.close();
  folder.remove();
});

describe('month-end numbers from a script', () => {
  it('payouts --json prints one object per payment date and currency, sorted, equal to an independent cent sum over the service’s records', async () => {
    const run = await cli(['payouts', '--account', 'Main shop', '--month', '2026-02', '--json']);
    expect(run.code).toBe(0);
    const expected = grouped((s) =>
      s.payment_status === 'paid' && dayOf(s.payment_date).startsWith('2026-02')
        ? `${dayOf(s.payment_date)}|${s.currency}`
        : null,
    );
    expect(expected.size).toBeGreaterThan(3);
    const want = [...expected.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, { sales, cents: total }]) => {
        const [paymentDate, currency] = key.split('|');
        return { paymentDate, currency, sales, amount: centsText(total), state: 'paid' };
      });
    expect(JSON.parse(run.stdout)).toEqual(want);
  }, 60_000);

  it('payouts prints a table by default and CSV with --csv, the same payouts', async () => {
    const json = JSON.parse(
      (await cli(['payouts', '--account', 'Main shop', '--from', '2026-02-01', '--to', '2026-02-28', '--json'])).stdout,
    ) as {
      paymentDate: string;
      amount: string;
    }[];
    const table = await cli(['payouts', '--account', 'Main shop', '--from', '2026-02-01', '--to', '2026-02-28']);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Payment date\s+Currency\s+Sales\s+Amount\s+State$/);
    expect(lines).toHaveLength(json.length + 1);
    expect(lines[1]).toContain(json[0]?.amount);
    const csv = await cli(['payouts', '--account', 'Main shop', '--month', '2026-02', '--csv']);
    expect(csv.stdout.split('\r\n')[0]).toBe('Payment date,Currency,Sales,Amount,State');
    expect(csv.stdout.trim().split('\r\n')).toHaveLength(json.length + 1);
  }, 60_000);

  it('A6: summary --json gives each currency’s commission earned (approved + pending) apart from declined, and by status', async () => {
    const run = await cli(['summary', '--account', 'Main shop', '--month', '2026-01', '--json']);
    expect(run.code).toBe(0);
    const inMonth = (s: WireSale) => dayOf(s.transaction_date).startsWith('2026-01');
    const total = grouped((s) => (inMonth(s) ? s.currency : null));
    const status = (name: string) => grouped((s) => (inMonth(s) && s.commission_status === name ? s.currency : null));
    const paid = grouped((s) => (inMonth(s) && s.payment_status === 'paid' ? s.currency : null));
    const earned = grouped((s) =>
      inMonth(s) && ['approved', 'pending'].includes(s.commission_status) ? s.currency : null,
    );
    const amount = (map: Map<string, { cents: number }>, currency: string) => centsText(map.get(currency)?.cents ?? 0);
    const want = [...total.keys()].sort().map((currency) => ({
      currency,
      sales: total.get(currency)?.sales,
      earned: amount(earned, currency),
      commission: amount(total, currency),
      approved: amount(status('approved'), currency),
      pending: amount(status('pending'), currency),
      declined: amount(status('declined'), currency),
      other: amount(
        grouped((s) =>
          inMonth(s) && !['approved', 'pending', 'declined'].includes(s.commission_status) ? s.currency : null,
        ),
        currency,
      ),
      paid: amount(paid, currency),
    }));
    expect(JSON.parse(run.stdout)).toEqual(want);
  }, 60_000);

  it('B3: bridge --json prints per currency opening + earned − reductions − received = closing, equal to the service’s records', async () => {
    const run = await cli(['bridge', '--account', 'Main shop', '--month', '2026-02', '--json']);
    expect(run.code).toBe(0);
    const [from, to] = ['2026-02-01', '2026-02-28'];
    const paidBy = (s: WireSale, day: string) =>
      s.payment_status === 'paid' && (dayOf(s.payment_date) === '' || dayOf(s.payment_date) <= day);
    const receivable = (day: string) =>
      grouped((s) =>
        dayOf(s.transaction_date) <= day && s.commission_status !== 'declined' && !paidBy(s, day) ? s.currency : null,
      );
    const opening = receivable('2026-01-31');
    const closing = receivable(to);
    const earned = grouped((s) =>
      dayOf(s.transaction_date) >= from && dayOf(s.transaction_date) <= to ? s.currency : null,
    );
    const received = grouped((s) =>
      s.payment_status === 'paid' && dayOf(s.payment_date) >= from && dayOf(s.payment_date) <= to ? s.currency : null,
    );
    const rows = JSON.parse(run.stdout) as Record<string, string>[];
    expect(rows.length).toBeGreaterThan(1);
    const centsOf = (map: Map<string, { cents: number }>, currency: string) => map.get(currency)?.cents ?? 0;
    for (const row of rows) {
      const currency = row.currency as string;
      expect(Object.keys(row)).toEqual([
        'currency',
        'from',
        'to',
        'opening',
        'earned',
        'reductions',
        'received',
        'closing',
      ]);
      expect(row).toMatchObject({
        from,
        to,
        opening: centsText(centsOf(opening, currency)),
        earned: centsText(centsOf(earned, currency)),
        received: centsText(centsOf(received, currency)),
        closing: centsText(centsOf(closing, currency)),
      });
      const residual = [row.opening, row.earned, row.reductions, row.received, row.closing]
        .map((text) => cents(Number(text)))
        .reduce((sum, value, i) => sum + (i === 0 || i === 1 ? value : -value), 0);
      expect({ currency, residual }).toEqual({ currency, residual: 0 });
    }
    expect(centsOf(closing, 'EUR') + centsOf(closing, 'USD')).toBeGreaterThan(0);
    const help = await cli(['bridge', '--help']);
    expect(help.stdout).toContain(
      '{"currency", "from", "to", "opening", "earned", "reductions", "received", "closing"}',
    );
  }, 60_000);

  it('B2: close --month records the bridge’s figures per currency, refuses a second close, and reopen asks for --yes', async () => {
    const bridge = JSON.parse(
      (await cli(['bridge', '--account', 'Main shop', '--month', '2026-02', '--json'])).stdout,
    ) as Record<string, string>[];
    const close = await cli(['close', '--account', 'Main shop', '--month', '2026-02', '--json']);
    expect(close.code).toBe(0);
    const figures = JSON.parse(close.stdout) as Record<string, string | number>[];
    expect(
      figures.map(({ month, currency, earned, received, receivable }) => ({
        month,
        currency,
        earned,
        received,
        receivable,
      })),
    ).toEqual(
      bridge.map(({ currency, earned, received, closing }) => ({
        month: '2026-02',
        currency,
        earned,
        received,
        receivable: closing,
      })),
    );
    const again = await cli(['close', '--account', 'Main shop', '--month', '2026-02']);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('closed already');
    expect(JSON.parse((await cli(['adjustments', '--account', 'Main shop', '--json'])).stdout)).toEqual([]);
    const unconfirmed = await cli(['reopen', '--account', 'Main shop', '--month', '2026-02']);
    expect(unconfirmed.code).toBe(EXIT_CODES.usage);
    expect(unconfirmed.stderr).toContain('--yes');
    const reopen = await cli(['reopen', '--account', 'Main shop', '--month', '2026-02', '--yes']);
    expect(reopen.code).toBe(0);
    expect(reopen.stdout).toContain('Reopened 2026-02');
    const help = await cli(['adjustments', '--help']);
    expect(help.stdout).toContain('{"month", "reference", "field", "before", "after", "seenAt", "effect"');
  }, 60_000);

  it('refuses --json with --csv, and a missing period, with a usage error', async () => {
    const both = await cli(['payouts', '--account', 'Main shop', '--month', '2026-02', '--json', '--csv']);
    expect(both.code).toBe(EXIT_CODES.usage);
    expect(both.stderr).toContain('either --json or --csv');
    const none = await cli(['summary', '--account', 'Main shop']);
    expect(none.code).toBe(EXIT_CODES.usage);
    expect(none.stderr).toContain('--month');
  }, 60_000);
});

describe('month-end numbers as of a past moment', () => {
  it('B1: summary, payouts and export --as-of T made after a later sync give what they gave at T; a bad or future moment is refused', async () => {
    const january = ['--account', 'Main shop', '--month', '2026-01', '--json'];
    const summaryAtT = (await cli(['summary', ...january])).stdout;
    const payoutsAtT = (await cli(['payouts', ...january])).stdout;
    const handedOver = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const changed = fake.sales.filter((s) => dayOf(s.transaction_date).startsWith('2026-01')).slice(0, 3);
    fake.updateSales(
      changed.map((sale) => ({
        kind: 'set' as const,
        reference: sale.reference,
        fields: { commission_amount: '999.99', commission_status: 'declined', payment_status: 'paid' },
      })),
    );
    const resynced = await cli(['sync', '--account', 'Main shop', '--month', '2026-01', '--refresh']);
    expect(resynced.code).toBe(0);
    expect((await cli(['summary', ...january])).stdout).not.toBe(summaryAtT);

    const summaryAsOf = await cli(['summary', ...january, '--as-of', handedOver]);
    expect(summaryAsOf.code).toBe(0);
    expect(summaryAsOf.stdout).toBe(summaryAtT);
    expect((await cli(['payouts', ...january, '--as-of', handedOver])).stdout).toBe(payoutsAtT);

    const bad = await cli(['summary', ...january, '--as-of', '2026-13-45 10:00']);
    expect(bad.code).toBe(EXIT_CODES.usage);
    expect(bad.stderr).toContain('--as-of');
    const future = await cli([
      'export',
      ...january.slice(0, -1),
      '--as-of',
      '2999-01-01 00:00',
      '--out',
      join(folder.dir, 'f.xlsx'),
    ]);
    expect(future.code).not.toBe(0);
    expect(future.stderr).toContain('is in the future');
  }, 120_000);
});
