/**
 * The README's month-end recipe, run as written (R1), and payouts over partly synced history (R8). The command runs
 * on the real clock, so "last month" is the month before today and the fake service's sales end today.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../e2e/fake-service/fake-service';
import { tempFolder } from '../../test-support/cache-kit';
import { accountsAddRun, messagesOf, runCliProcess, type CliRun } from '../../test-support/cli-kit';
import { auditWorkbook, parseCsv, setStatusChecks } from '../../test-support/export-kit';
import { cents } from '../../test-support/sales-oracle';
import type { WireSale } from '../core/demo';
import { addDays, isoDayToService, localIsoDay, serviceDayToIso } from '../shared/dates';
import { EXIT_CODES } from './cli-errors';

const SERVICE = `Commission Desk (month-end test ${randomUUID()})`;
const TODAY = localIsoDay(new Date());
const LAST_MONTH_START = `${addDays(`${TODAY.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
const LAST_MONTH_END = addDays(`${TODAY.slice(0, 7)}-01`, -1);
/** The first day whose sales could be paid last month, as the payouts check it: a year before the month. */
const LOOKBACK_START = addDays(LAST_MONTH_START, -365);

let fake: FakeService;
let folder: ReturnType<typeof tempFolder>;

function cli(dataDir: string, args: string[], stdin = ''): Promise<CliRun> {
  return runCliProcess(
    [...args, '--data-dir', join(folder.dir, dataDir), '--keychain-service', SERVICE, '--ca-file', fake.caPemPath],
    { stdin },
  );
}

async function ok(run: Promise<CliRun>): Promise<CliRun> {
  const done = await run;
  if (done.code !== EXIT_CODES.ok) throw new Error(`exit ${done.code}: ${done.stderr}`);
  return done;
}

const dayOf = (sale: WireSale): string => serviceDayToIso(sale.transaction_date) ?? '';
const paidDayOf = (sale: WireSale): string | null =>
  sale.payment_date === null || sale.payment_date === undefined ? null : serviceDayToIso(String(sale.payment_date));

/** The service's own payments of last month: paid sales with a payment date in it. */
function paidLastMonth(): WireSale[] {
  return fake.sales.filter((sale) => {
    const day = paidDayOf(sale);
    return sale.payment_status === 'paid' && day !== null && day >= LAST_MONTH_START && day <= LAST_MONTH_END;
  });
}

/** Last month's payouts as the service's records give them, "date|currency" → cents. */
function expectedPayouts(): Map<string, number> {
  const sums = new Map<string, number>();
  for (const sale of paidLastMonth()) {
    const key = `${paidDayOf(sale)}|${sale.currency}`;
    sums.set(key, (sums.get(key) ?? 0) + cents(Number(sale.commission_amount)));
  }
  return sums;
}

async function addAccount(dataDir: string): Promise<void> {
  const add = accountsAddRun(fake, 'Main shop');
  await ok(cli(dataDir, add.args, add.stdin));
}

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 900, endDay: TODAY, days: 200, seed: 41 } });
  folder = tempFolder('month-end');
}, 60_000);
afterAll(async () => {
  for (const entry of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, entry.account);
  await fake.close();
  folder.remove();
});

describe('month-end from a script', () => {
  it('R1: the README recipe (sync --month last, then a payments export) gets every payment of last month, those for sales made months before included', async () => {
    await addAccount('recipe');
    // The history, synced at an earlier month-end: the older sales are cached while still open.
    await ok(
      cli('recipe', [
        'sync',
        '--account',
        'Main shop',
        '--from',
        LOOKBACK_START,
        '--to',
        addDays(LAST_MONTH_START, -1),
        '--quiet',
      ]),
    );
    const older = fake.sales
      .filter((s) => s.commission_status === 'pending' && s.payment_status === 'pending')
      .filter((s) => dayOf(s) < addDays(LAST_MONTH_START, -60))
      .slice(0, 2);
    expect(older).toHaveLength(2);
    fake.updateSales(
      older.map((sale) => ({
        kind: 'set' as const,
        reference: sale.reference,
        fields: {
          commission_status: 'approved',
          payment_status: 'paid',
          payment_date: isoDayToService(addDays(LAST_MONTH_START, 9)),
        },
      })),
    );

    // The crontab line of the README, as written (its shell parts aside).
    const out = join(folder.dir, `payments-${LAST_MONTH_START.slice(0, 7)}.xlsx`);
    const synced = await ok(cli('recipe', ['sync', '--account', 'Main shop', '--month', 'last', '--wait', '600']));
    expect(synced.stdout).toMatch(new RegExp(`[1-9][\\d,]* open sales made up to ${LAST_MONTH_END} re-checked`));
    const exported = await ok(
      cli('recipe', ['export', '--account', 'Main shop', '--month', 'last', '--preset', 'payments', '--out', out]),
    );
    expect(messagesOf(exported.stderr)).toBe('');
    const { sales, header } = await auditWorkbook(out);
    const references: string[] = [];
    sales.eachRow((row, n) => {
      if (n > 1) references.push(String(row.getCell(header.indexOf('Reference') + 1).value));
    });
    references.sort();
    expect(references).toEqual(
      paidLastMonth()
        .map((s) => s.reference)
        .sort(),
    );
    for (const sale of older) expect(references).toContain(sale.reference);
  }, 120_000);

  it('R8: payouts over partly synced history name the days never synced and the command that fills them, then equal the service once it ran', async () => {
    await addAccount('partial');
    await ok(cli('partial', ['sync', '--account', 'Main shop', '--month', 'last', '--quiet']));
    const partial = await ok(cli('partial', ['payouts', '--account', 'Main shop', '--month', 'last', '--json']));
    const command = `npm run cli -- sync --account "Main shop" --from ${LOOKBACK_START} --to ${addDays(LAST_MONTH_START, -1)}`;
    expect(messagesOf(partial.stderr)).toBe(
      `Warning: Payments may be missing: sales made on days never synced (${LOOKBACK_START} to ${addDays(LAST_MONTH_START, -1)}) could have been paid in this period and are not counted; run: ${command}.\n`,
    );
    // Scripts still get the JSON array they parse.
    expect(Array.isArray(JSON.parse(partial.stdout))).toBe(true);

    await ok(
      cli('partial', [
        'sync',
        '--account',
        'Main shop',
        '--from',
        LOOKBACK_START,
        '--to',
        addDays(LAST_MONTH_START, -1),
        '--quiet',
      ]),
    );
    const complete = await ok(cli('partial', ['payouts', '--account', 'Main shop', '--month', 'last', '--json']));
    expect(messagesOf(complete.stderr)).toBe('');
    const shown = JSON.parse(complete.stdout) as { paymentDate: string; currency: string; amount: string }[];
    expect(new Map(shown.map((p) => [`${p.paymentDate}|${p.currency}`, Math.round(Number(p.amount) * 100)]))).toEqual(
      expectedPayouts(),
    );

    // Open sales last confirmed before the month ended: their payments since could be missing, and it says so.
    const midMonth = `${addDays(LAST_MONTH_START, 14)}T12:00:00.000Z`;
    expect(setStatusChecks(join(folder.dir, 'partial', 'cache.sqlite'), midMonth)).toBeGreaterThan(0);
    const stale = await ok(cli('partial', ['payouts', '--account', 'Main shop', '--month', 'last']));
    expect(messagesOf(stale.stderr)).toMatch(
      new RegExp(
        `^Warning: Payments may be missing: [\\d,]+ sales still open on ${LAST_MONTH_END} were last checked ${midMonth.slice(0, 16).replace('T', ' ')} UTC, before the period ended; run npm run cli -- sync --account "Main shop" to pick up payments made since\\.\\n$`,
      ),
    );
  }, 120_000);

  it("B4: aging --json prints every bucket of every currency with an open sale, equal to the service's records", async () => {
    // The recipe's cache holds every sale up to the end of last month, with current statuses.
    const run = await ok(cli('recipe', ['aging', '--account', 'Main shop', '--as-of', LAST_MONTH_END, '--json']));
    const rows = JSON.parse(run.stdout) as Record<string, string | number>[];
    const expected = new Map<string, [number, number, number, number]>();
    for (const sale of fake.sales) {
      const day = dayOf(sale);
      const days = Math.round((Date.parse(LAST_MONTH_END) - Date.parse(day)) / 86_400_000);
      if (days < 0) continue;
      const bucket = days <= 30 ? '0-30' : days <= 60 ? '31-60' : days <= 90 ? '61-90' : '90+';
      const paidDay = paidDayOf(sale);
      const paid = sale.payment_status === 'paid' && (paidDay === null || paidDay <= LAST_MONTH_END);
      const owed = sale.commission_status === 'approved' && !paid;
      if (!owed && sale.commission_status !== 'pending') continue;
      const key = `${sale.currency}|${bucket}`;
      const [owedSales, owedCents, pendingSales, pendingCents] = expected.get(key) ?? [0, 0, 0, 0];
      const amount = cents(Number(sale.commission_amount));
      expected.set(
        key,
        owed
          ? [owedSales + 1, owedCents + amount, pendingSales, pendingCents]
          : [owedSales, owedCents, pendingSales + 1, pendingCents + amount],
      );
    }
    expect(rows.every((row) => Object.keys(row).join() === 'currency,bucket,owedSales,owed,pendingSales,pending')).toBe(
      true,
    );
    const shown = new Map(
      rows
        .filter((row) => row.owedSales !== 0 || row.pendingSales !== 0)
        .map((row) => [
          `${row.currency}|${row.bucket}`,
          [row.owedSales, cents(Number(row.owed)), row.pendingSales, cents(Number(row.pending))],
        ]),
    );
    expect(shown).toEqual(expected);
    expect(new Set(rows.map((row) => row.bucket))).toEqual(new Set(['0-30', '31-60', '61-90', '90+']));
  }, 60_000);

  it('B4: aging --claim-file writes the sales waiting more than 90 days, each with its history', async () => {
    const overdue = (sale: WireSale): boolean => {
      const days = Math.round((Date.parse(LAST_MONTH_END) - Date.parse(dayOf(sale))) / 86_400_000);
      const paidDay = paidDayOf(sale);
      const paid = sale.payment_status === 'paid' && (paidDay === null || paidDay <= LAST_MONTH_END);
      const open = sale.commission_status === 'pending' || (sale.commission_status === 'approved' && !paid);
      return open && days > 90;
    };
    // The service corrects the amount of one overdue pending sale; the month-end sync sees it while re-checking.
    const corrected = fake.sales.find((s) => overdue(s) && s.commission_status === 'pending') as WireSale;
    fake.updateSales([{ kind: 'set', reference: corrected.reference, fields: { commission_amount: 1.25 } }]);
    await ok(cli('recipe', ['sync', '--account', 'Main shop', '--month', 'last', '--quiet']));

    const out = join(folder.dir, 'claim.csv');
    const args = ['aging', '--account', 'Main shop', '--as-of', LAST_MONTH_END, '--claim-file', out];
    const run = await ok(cli('recipe', args));
    const want = fake.sales
      .filter(overdue)
      .map((s) => s.reference)
      .sort();
    expect(run.stdout).toBe(`Wrote ${want.length} sales waiting more than 90 days on ${LAST_MONTH_END} to ${out}\n`);
    const [header = [], ...rows] = parseCsv(readFileSync(out, 'utf8').replace(/^\uFEFF/, ''));
    expect(header.at(-1)).toBe('History');
    expect(rows.map((row) => row[header.indexOf('Reference')]).sort()).toEqual(want);
    const line = rows.find((row) => row[header.indexOf('Reference')] === corrected.reference) ?? [];
    expect(line.at(-1)).toMatch(/ UTC Commission amount: [\d.]+ \w{3} → 1\.25 \w{3}$/);
    expect(rows.filter((row) => row.at(-1) === 'no change seen').length).toBe(want.length - 1);
    // An existing file is kept unless --force.
    expect((await cli('recipe', args)).code).toBe(EXIT_CODES.export);
    expect((await cli('recipe', [...args, '--force'])).code).toBe(EXIT_CODES.ok);
  }, 60_000);
});
