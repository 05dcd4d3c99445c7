import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../e2e/fake-service/fake-service';
import { tempFolder } from '../../test-support/cache-kit';
import { messagesOf, progressOf, runCliProcess, type CliRun, type CliRunOptions } from '../../test-support/cli-kit';
import { createTestCore } from '../../test-support/app-core-kit';
import { createNodeFetch } from '../core/service';
import { createConfSettingsStore } from '../core/settings';
import { createKeytarSecretStore } from '../core/keychain';
import { auditWorkbook, parseCsv, setStatusChecks, summaryLines } from '../../test-support/export-kit';
import { addDays, localIsoDay, serviceDayToIso } from '../shared/dates';
import type { WireSale } from '../core/demo';
import { EXIT_CODES } from './cli-errors';
import { defaultDataDir } from './data-dir';

/** A recognisable secret (S7): it must appear in no output and no file. */
const CANARY = `canary-secret-${randomUUID()}`;
const SERVICE = `Commission Desk (cli test ${randomUUID()})`;

let fake: FakeService;
let folder: ReturnType<typeof tempFolder>;
let dataDir: string;
/** Everything every run printed, for the secret canary. */
const outputs: string[] = [];

/** Runs the command as a child process with this test's data folder, keychain and CA (unless `shared` is false). */
function cli(args: string[], options: CliRunOptions & { shared?: boolean } = {}): Promise<CliRun> {
  const shared =
    options.shared === false ? [] : ['--data-dir', dataDir, '--keychain-service', SERVICE, '--ca-file', fake.caPemPath];
  return runCliProcess([...args, ...shared], options, (text) => outputs.push(text));
}

const dayOf = (sale: WireSale): string => serviceDayToIso(sale.transaction_date) ?? '';

function saleWhere(keep: (sale: WireSale) => boolean, what: string): WireSale {
  const sale = fake.sales.find(keep);
  if (!sale) throw new Error(`the fake's dataset has no ${what}`);
  return sale;
}

/** The CSV written at `path` as records keyed by header. */
function csvRecords(path: string): Record<string, string>[] {
  const [header = [], ...rows] = parseCsv(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}

/**
 * Stderr (not a terminal here) shows the progress of `label` as plain lines, the share never going back, and reaching
 * 100% exactly when the work completed; every other line of it is a message, checked by the caller.
 */
function expectProgress(stderr: string, label: string, completed: boolean): void {
  const { labels, shares } = progressOf(stderr);
  expect(labels).toEqual([label]);
  expect(shares).toEqual([...shares].sort((a, b) => a - b));
  if (completed) expect(shares.at(-1)).toBe(100);
  else expect(shares.every((share) => share < 100)).toBe(true);
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 30_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function everyFile(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

beforeAll(async () => {
  fake = await startFakeService({
    sales: { count: 400, endDay: '2026-03-31', days: 120, seed: 11 },
    credentials: { apiSecret: CANARY },
  });
  folder = tempFolder('cli');
  dataDir = join(folder.dir, 'data');
}, 60_000);
afterAll(async () => {
  for (const entry of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, entry.account);
  await fake.close();
  folder.remove();
});

describe('the headless command against the HTTPS fake service', () => {
  const addArgs = () => [
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
  ];

  it('accounts add refuses a secret given as an argument, without echoing it', async () => {
    const run = await cli([...addArgs(), `--api-secret=${CANARY}`]);
    expect(run.code).toBe(EXIT_CODES.usage);
    expect(run.stderr).toContain('never taken as an argument');
    expect(run.stderr + run.stdout).not.toContain(CANARY);
  }, 60_000);

  it('accounts add with a wrong secret on stdin is refused by the service (401) and stores nothing', async () => {
    const run = await cli(addArgs(), { stdin: 'wrong-secret\n' });
    expect(run.code).toBe(EXIT_CODES.account);
    expect(run.stderr).toMatch(/Error: .+/);
    expect(await keytar.findCredentials(SERVICE)).toEqual([]);
    expect((await cli(['accounts', 'list', '--json'])).stdout.trim()).toBe('[]');
  }, 60_000);

  it('accounts add tests the secret from stdin with /v1/user/, then saves it in the keychain only', async () => {
    const run = await cli(addArgs(), { stdin: `${CANARY}\n` });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(EXIT_CODES.ok);
    expect(run.stdout).toContain('Added "Main shop"');
    expect(fake.requests.some((r) => r.route === 'user' && r.credentialsValid)).toBe(true);
    const entries = await keytar.findCredentials(SERVICE);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.password).toContain(CANARY);
    expect(readFileSync(join(dataDir, 'config.json'), 'utf8')).not.toContain(CANARY);
    const again = await cli(addArgs(), { env: { COMMISSION_DESK_API_SECRET: CANARY } });
    expect(again.code).toBe(EXIT_CODES.usage);
    expect(again.stderr).toContain('already exists');
  }, 60_000);

  it('accounts list shows the account with the API key masked and no secret', async () => {
    const table = await cli(['accounts', 'list']);
    expect(table.code).toBe(EXIT_CODES.ok);
    expect(table.stdout).toContain('Main shop');
    expect(table.stdout).toContain(fake.baseUrl);
    expect(table.stdout).toContain(`…${fake.credentials.apiKey.slice(-4)}`);
    expect(table.stdout).not.toContain(fake.credentials.apiKey);
    expect(table.stdout).not.toContain(CANARY);
    const json = JSON.parse((await cli(['accounts', 'list', '--json'])).stdout) as {
      label: string;
      remembered: boolean;
    }[];
    expect(json).toMatchObject([{ label: 'Main shop', remembered: true }]);
  }, 60_000);

  it('sync fetches the period into the cache; export writes an audited workbook from it (E1, E2, E4), then refuses to overwrite without --force', async () => {
    const sync = await cli(['sync', '--account', 'Main shop', '--from', '2026-01-01', '--to', '2026-03-31']);
    expect(messagesOf(sync.stderr)).toBe('');
    expectProgress(sync.stderr, 'Syncing 2026-01-01 to 2026-03-31', true);
    expect(sync.code).toBe(EXIT_CODES.ok);
    expect(sync.stdout).toMatch(/Synced 2026-01-01 to 2026-03-31 for "Main shop": \d+ sales fetched/);
    const out = join(folder.dir, 'feb-payments.xlsx');
    const exported = await cli([
      'export',
      '--account',
      'main shop',
      '--month',
      '2026-02',
      '--preset',
      'payments',
      '--format',
      'xlsx',
      '--out',
      out,
    ]);
    expect(exported.code).toBe(EXIT_CODES.ok);
    expect(exported.stdout).toMatch(
      /^Wrote \d+ sales to .*feb-payments\.xlsx\nStatuses checked \d{4}-\d\d-\d\d \d\d:\d\d UTC \(the oldest confirmation by the service among these sales\)\.\n$/,
    );
    // R8: sales of the year before February could have been paid in it, and 2025 was never synced: said first.
    const history = messagesOf(exported.stderr);
    expect(history).toBe(
      'Warning: Payments may be missing: sales made on days never synced (2025-02-01 to 2025-12-31) could have been paid in this period and are not counted; run: npm run cli -- sync --account "Main shop" --from 2025-02-01 --to 2025-12-31.\n',
    );
    expectProgress(exported.stderr, 'Writing feb-payments.xlsx', true);
    expect(summaryLines(await auditWorkbook(out))[1]).toBe(
      history.replace(/; run: .*\n$/, '; sync 2025-02-01 to 2025-12-31.'),
    );
    // The command it names fills the gap, and the export written again is complete.
    expect((await cli(['sync', '--account', 'Main shop', '--from', '2025-02-01', '--to', '2025-12-31'])).code).toBe(
      EXIT_CODES.ok,
    );
    const again = await cli([
      'export',
      '--account',
      'Main shop',
      '--month',
      '2026-02',
      '--preset',
      'payments',
      '--out',
      out,
      '--force',
    ]);
    expect(messagesOf(again.stderr)).toBe('');
    const audit = await auditWorkbook(out);
    expect(audit.strayFormulas).toEqual([]);
    for (const link of audit.hyperlinks) expect(link.startsWith('https://')).toBe(true);
    for (const f of audit.formulas) expect(f.result).toBeCloseTo(f.evaluated, 9);
    const about = new Map<string, unknown>();
    audit.about.eachRow((row) => about.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(about.get('Account')).toBe('Main shop');
    expect(about.get('Report')).toBe('Payments received in a month');
    expect(about.get('Date range')).toBe('2026-02-01 to 2026-02-28, by payment date');
    audit.sales.eachRow(
      (row, n) => n > 1 && expect(row.getCell(audit.header.indexOf('Payment status') + 1).value).toBe('paid'),
    );
    const before = readFileSync(out);
    const refused = await cli(['export', '--account', 'Main shop', '--month', '2026-02', '--out', out]);
    expect(refused.code).toBe(EXIT_CODES.export);
    expect(refused.stderr).toContain('--force');
    expect(readFileSync(out).equals(before)).toBe(true);
    const csv = await cli([
      'export',
      '--account',
      'Main shop',
      '--from',
      '2026-01-01',
      '--to',
      '2026-03-31',
      '--preset',
      'earned',
      '--out',
      join(folder.dir, 'q1.csv'),
    ]);
    expect(csv.code).toBe(EXIT_CODES.ok);
    expect(readFileSync(join(folder.dir, 'q1.csv')).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  }, 120_000);

  /** A January sale still pending when synced, paid since; a February sale paid, then reversed; a February sale removed. */
  let paidLate: WireSale;
  let reversed: WireSale;
  let removed: WireSale;

  it('T1: sync with no period runs the routine sync: an old pending sale paid since is updated without fetching its history again, and the payments export holds it', async () => {
    paidLate = saleWhere(
      (s) => s.commission_status === 'pending' && dayOf(s).startsWith('2026-01'),
      'pending sale in January',
    );
    reversed = saleWhere(
      (s) => s.commission_status === 'approved' && s.payment_status === 'paid' && dayOf(s).startsWith('2026-02'),
      'paid sale in February',
    );
    removed = saleWhere(
      (s) => dayOf(s).startsWith('2026-02') && s.reference !== reversed.reference,
      'second sale in February',
    );
    fake.updateSales([
      {
        kind: 'set',
        reference: paidLate.reference,
        fields: { commission_status: 'approved', payment_status: 'paid', payment_date: '10-02-2026' },
      },
    ]);
    fake.clearRequests();
    const run = await cli(['sync', '--account', 'Main shop']);
    expect(messagesOf(run.stderr)).toBe('');
    expectProgress(run.stderr, 'Checking statuses', true);
    expect(run.code).toBe(EXIT_CODES.ok);
    expect(run.stdout).toMatch(
      /^Synced "Main shop": the last 60 days fetched in full, [\d,]+ older open sales re-checked \(1 day with changes fetched again\); [1-9]\d* status changes?, 1 date change, 0 new sales\.\n/,
    );
    expect(run.stdout).toMatch(
      /\nStatuses checked .+ \(the oldest check among [\d,]+ cached sales\); open sales checked \d{4}-\d\d-\d\d \d\d:\d\d UTC\.\n$/,
    );
    // Whole days are fetched for the trailing window, the day whose open sale changed, and one page's worth of the
    // days confirmed longest ago (R3's rotation, whose smallest budget is one page): no history again.
    const trailingStart = addDays(localIsoDay(new Date()), -60);
    const fullFetches = fake.requests
      .filter((r) => r.route === 'report' && r.query.commission_status === 'all' && r.query.limit !== '1')
      .map((r) => String(r.query.start_date));
    expect(fullFetches.length).toBeGreaterThan(0);
    const older = fullFetches.filter((start) => !(start >= trailingStart || start.startsWith(dayOf(paidLate))));
    expect(older.length).toBeLessThanOrEqual(1);
    const out = join(folder.dir, 'feb-payments-after.csv');
    expect(
      (await cli(['export', '--account', 'Main shop', '--month', '2026-02', '--preset', 'payments', '--out', out]))
        .code,
    ).toBe(EXIT_CODES.ok);
    expect(csvRecords(out).find((r) => r.Reference === paidLate.reference)).toMatchObject({
      'Payment status': 'paid',
      'Payment date': '2026-02-10',
    });
  }, 120_000);

  it('T3: a payments export whose open sales were checked more than 24 hours ago warns on stderr and on its Summary; after a routine sync it does not', async () => {
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000).toISOString();
    const when = `${twoDaysAgo.slice(0, 16).replace('T', ' ')} UTC`;
    expect(setStatusChecks(join(dataDir, 'cache.sqlite'), twoDaysAgo)).toBeGreaterThan(0);
    const staleOut = join(folder.dir, 'stale-payments.xlsx');
    const stale = await cli([
      'export',
      '--account',
      'Main shop',
      '--month',
      '2026-02',
      '--preset',
      'payments',
      '--out',
      staleOut,
    ]);
    expect(stale.code).toBe(EXIT_CODES.ok);
    const warning = `the statuses of [\\d,]+ open sales were last checked ${when}; sync before relying on this export`;
    const staleWarning = messagesOf(stale.stderr);
    expect(staleWarning).toMatch(
      new RegExp(`^Warning: ${warning}.* Run: npm run cli -- sync --account "Main shop"\\n$`),
    );
    expectProgress(stale.stderr, 'Writing stale-payments.xlsx', true);
    expect(stale.stdout).toContain(
      `\nStatuses checked ${when} (the oldest confirmation by the service among these sales).\n`,
    );
    expect(summaryLines(await auditWorkbook(staleOut))[1]).toBe(staleWarning.replace(/ Run: .*\n$/, ''));

    expect((await cli(['sync', '--account', 'Main shop'])).code).toBe(EXIT_CODES.ok);
    const freshOut = join(folder.dir, 'fresh-payments.xlsx');
    const fresh = await cli([
      'export',
      '--account',
      'Main shop',
      '--month',
      '2026-02',
      '--preset',
      'payments',
      '--out',
      freshOut,
    ]);
    expect(messagesOf(fresh.stderr)).toBe('');
    expect(summaryLines(await auditWorkbook(freshOut)).filter((line) => line.startsWith('Warning'))).toEqual([]);
    // Paid sales are re-checked only in rotation, a share of the days a sync (R3), so the file still says how old
    // the oldest of their statuses is.
    expect(fresh.stdout).toContain(`\nStatuses checked ${when} `);
  }, 120_000);

  it('T4: sync --refresh with a period fetches every day of it again: a paid sale reversed at the service and a removed sale are picked up', async () => {
    // Reversed only now: a routine sync's rotation (R3) may by then have fetched its day again.
    fake.updateSales([
      { kind: 'set', reference: reversed.reference, fields: { commission_status: 'declined' } },
      { kind: 'remove', reference: removed.reference },
    ]);
    const run = await cli(['sync', '--account', 'Main shop', '--month', '2026-02', '--refresh']);
    // The reversed sale had been paid: its change restates a paid period (R2).
    expect(messagesOf(run.stderr)).toMatch(/^Note: 1 sale that was paid has changed, which restates a paid period/);
    expectProgress(run.stderr, 'Syncing 2026-02-01 to 2026-02-28', true);
    expect(run.code).toBe(EXIT_CODES.ok);
    expect(run.stdout).toMatch(
      /^Synced 2026-02-01 to 2026-02-28 for "Main shop": [\d,]+ sales fetched \(0 new, [\d,]+ updated, 1 status change, 1 restated paid sale, 1 no longer reported by the service\); [\d,]+ open sales made up to 2026-02-28 re-checked\.\n$/,
    );
    const out = join(folder.dir, 'feb-all.csv');
    expect((await cli(['export', '--account', 'Main shop', '--month', '2026-02', '--out', out])).code).toBe(
      EXIT_CODES.ok,
    );
    expect(csvRecords(out).find((r) => r.Reference === reversed.reference)).toMatchObject({
      'Commission status': 'declined',
    });
  }, 120_000);

  it('T5: export leaves a sale the service no longer reports out by default and says so; --include-no-longer-reported includes it', async () => {
    const without = join(folder.dir, 'feb-without.csv');
    const left = await cli(['export', '--account', 'Main shop', '--month', '2026-02', '--out', without]);
    expect(left.code).toBe(EXIT_CODES.ok);
    expect(left.stdout).toContain(
      '\n1 sale the service no longer reports is left out of this file and its totals; export again with --include-no-longer-reported to see it.\n',
    );
    expect(csvRecords(without).map((r) => r.Reference)).not.toContain(removed.reference);
    const withOut = join(folder.dir, 'feb-with.xlsx');
    const included = await cli([
      'export',
      '--account',
      'Main shop',
      '--month',
      '2026-02',
      '--include-no-longer-reported',
      '--out',
      withOut,
    ]);
    expect(included.code).toBe(EXIT_CODES.ok);
    const line = 'Includes 1 sale the service no longer reports (kept for audit); it is counted in the totals below.';
    expect(included.stdout).toContain(`\n${line}\n`);
    const audit = await auditWorkbook(withOut);
    expect(summaryLines(audit)).toContain(line);
    const references: unknown[] = [];
    audit.sales.eachRow((row, n) => n > 1 && references.push(row.getCell(audit.header.indexOf('Reference') + 1).value));
    expect(references).toContain(removed.reference);
    expect(references).toHaveLength(csvRecords(without).length + 1);
  }, 120_000);

  it('T4: Ctrl+C stops a sync between requests with exit code 130, keeps the cache usable, and the next run completes the period', async () => {
    fake.setFaults({ next: [{ fault: { kind: 'stall' }, route: 'report' }] });
    const seen = fake.requests.length;
    let child: ChildProcess | undefined;
    const running = cli(['sync', '--account', 'Main shop', '--month', '2025-12'], { started: (c) => (child = c) });
    await until(() => fake.requests.slice(seen).some((r) => r.route === 'report'), 'the first report request');
    child?.kill('SIGINT');
    const stopped = await running;
    fake.resetFaults();
    expect(stopped.code).toBe(EXIT_CODES.cancelled);
    expect(messagesOf(stopped.stderr)).toBe(
      'Error: The sync was cancelled. Everything fetched so far is kept in the cache.\nRun the same command again to continue.\n',
    );
    expectProgress(stopped.stderr, 'Syncing 2025-12-01 to 2025-12-31', false);
    const resumed = await cli(['sync', '--account', 'Main shop', '--month', '2025-12']);
    expect(resumed.code).toBe(EXIT_CODES.ok);
    expect(resumed.stdout).toMatch(/^Synced 2025-12-01 to 2025-12-31 for "Main shop"/);
    const out = join(folder.dir, 'dec.csv');
    const exported = await cli(['export', '--account', 'Main shop', '--month', '2025-12', '--out', out]);
    expect(messagesOf(exported.stderr)).toBe('');
    expect(csvRecords(out)).toHaveLength(fake.sales.filter((s) => dayOf(s).startsWith('2025-12')).length);
  }, 120_000);

  it('T8: sync names on stderr the days whose records could not be stored; a later sync fetches them again and clears them', async () => {
    const broken = saleWhere((s) => dayOf(s).startsWith('2026-03-1'), 'sale in mid-March');
    fake.setFaults({ recordDefects: { [broken.reference]: 'missing-reference' } });
    const refreshed = await cli(['sync', '--account', 'Main shop', '--month', '2026-03', '--refresh']);
    fake.resetFaults();
    expect(refreshed.code).toBe(EXIT_CODES.ok);
    expect(messagesOf(refreshed.stderr)).toMatch(
      new RegExp(
        `^Warning: 1 record the service sent could not be stored, so these days are not complete: ${dayOf(broken)} \\(.*no usable reference.*\\)\\. `,
      ),
    );
    const again = await cli(['sync', '--account', 'Main shop', '--month', '2026-03']);
    expect(again.code).toBe(EXIT_CODES.ok);
    expect(messagesOf(again.stderr)).toBe('');
  }, 120_000);

  it('export reports days the cache never synced; the demo works without network or keychain', async () => {
    const gap = await cli([
      'export',
      '--account',
      'Main shop',
      '--from',
      '2026-03-01',
      '--to',
      '2026-04-30',
      '--out',
      join(folder.dir, 'gap.xlsx'),
    ]);
    expect(gap.code).toBe(EXIT_CODES.ok);
    expect(gap.stderr).toContain('2026-04-01 to 2026-04-30');
    const demoDir = join(folder.dir, 'demo-data');
    const demoSync = await cli(['sync', '--account', 'demo', '--month', 'last', '--data-dir', demoDir], {
      shared: false,
    });
    expect(demoSync.code).toBe(EXIT_CODES.ok);
    const demoExport = await cli(
      ['export', '--account', 'demo', '--month', 'last', '--out', join(folder.dir, 'demo.csv'), '--data-dir', demoDir],
      {
        shared: false,
      },
    );
    expect(demoExport.code).toBe(EXIT_CODES.ok);
    expect(messagesOf(demoExport.stderr)).toBe('');
    expectProgress(demoExport.stderr, 'Writing demo.csv', true);
  }, 120_000);

  it('clear errors and exit codes: unknown account, bad dates, unknown command, an http address, a missing folder', async () => {
    const unknown = await cli([
      'export',
      '--account',
      'Nope',
      '--month',
      '2026-02',
      '--out',
      join(folder.dir, 'x.xlsx'),
    ]);
    expect(unknown).toMatchObject({
      code: EXIT_CODES.account,
      stderr: expect.stringContaining('No account is labelled "Nope"'),
    });
    const dates = await cli(['sync', '--account', 'Main shop', '--from', '2026-02-30', '--to', '2026-03-01']);
    expect(dates).toMatchObject({
      code: EXIT_CODES.usage,
      stderr: expect.stringContaining('--from must be a real day'),
    });
    const order = await cli(['sync', '--account', 'Main shop', '--from', '2026-03-02', '--to', '2026-03-01']);
    expect(order).toMatchObject({ code: EXIT_CODES.usage, stderr: expect.stringContaining('before the start date') });
    const halfPeriod = await cli(['sync', '--account', 'Main shop', '--from', '2026-03-02']);
    expect(halfPeriod).toMatchObject({ code: EXIT_CODES.usage, stderr: expect.stringContaining('--from and --to') });
    const refreshAll = await cli(['sync', '--account', 'Main shop', '--refresh']);
    expect(refreshAll).toMatchObject({
      code: EXIT_CODES.usage,
      stderr: expect.stringContaining('--refresh fetches a period again'),
    });
    expect((await cli(['frobnicate'])).code).toBe(EXIT_CODES.usage);
    const http = await cli(
      ['accounts', 'add', '--label', 'Plain', '--base-url', fake.httpUrl, '--app-id', 'a', '--api-key', 'k'],
      { stdin: 'x' },
    );
    expect(http).toMatchObject({ code: EXIT_CODES.usage, stderr: expect.stringContaining('https://') });
    const folderMissing = await cli([
      'export',
      '--account',
      'Main shop',
      '--month',
      '2026-02',
      '--out',
      join(folder.dir, 'no-such-folder', 'x.xlsx'),
    ]);
    expect(folderMissing).toMatchObject({ code: EXIT_CODES.export, stderr: expect.stringContaining('does not exist') });
  }, 120_000);

  it('--help works on every command', async () => {
    for (const command of [
      [],
      ['accounts', 'list'],
      ['accounts', 'add'],
      ['accounts', 'remove'],
      ['sync'],
      ['export'],
    ]) {
      const run = await cli([...command, '--help'], { shared: false });
      expect(run.code, command.join(' ')).toBe(EXIT_CODES.ok);
      expect(run.stdout).toContain('Usage: npm run cli --');
      expect(run.stdout).not.toContain('keychain-service');
    }
    const sync = await cli(['sync', '--help'], { shared: false });
    expect(sync.stdout).toContain(
      'with no period, the recent days (60 by default) in full plus every open sale however old',
    );
    expect(sync.stdout).toContain('sync --account <label|demo> [(--from');
    expect((await cli(['export', '--help'], { shared: false })).stdout).toContain('--include-no-longer-reported');
  }, 120_000);

  it('the app, opened on the same folder and keychain, lists the account, signs in from the keychain and browses the synced sales', async () => {
    const { core } = createTestCore({
      settings: createConfSettingsStore(dataDir),
      keychain: createKeytarSecretStore(SERVICE),
      fetch: createNodeFetch({ extraCaPem: fake.caPem }),
      cachePath: join(dataDir, 'cache.sqlite'),
    });
    try {
      const account = core.session.status().accounts.find((a) => a.label === 'Main shop');
      expect(account).toBeDefined();
      expect(await core.accounts.switchAccount(account?.id ?? '')).toMatchObject({ kind: 'account', signedIn: true });
      const page = core.sales.page({
        filter: { from: '2026-01-01', to: '2026-03-31' },
        sort: { column: 'transactionDate', direction: 'asc' },
        offset: 0,
        limit: 10,
      });
      expect(page.total).toBeGreaterThan(0);
      expect(page.dataAsOf).toMatchObject({ complete: true });
    } finally {
      await core.close();
    }
  }, 60_000);

  it('S7: the secret is in no output, no settings or cache file, and no export', async () => {
    expect(outputs.length).toBeGreaterThan(10);
    for (const output of outputs) expect(output).not.toContain(CANARY);
    for (const path of everyFile(folder.dir)) expect(readFileSync(path).includes(CANARY), path).toBe(false);
  });

  it('accounts remove deletes the keychain entry, the account and its cached sales', async () => {
    const run = await cli(['accounts', 'remove', 'Main shop']);
    expect(run.code).toBe(EXIT_CODES.ok);
    expect(run.stdout).toMatch(/Removed "Main shop": .* its [\d,]+ cached sales are deleted/);
    expect(await keytar.findCredentials(SERVICE)).toEqual([]);
    expect(JSON.parse((await cli(['accounts', 'list', '--json'])).stdout)).toEqual([]);
    const gone = await cli(['sync', '--account', 'Main shop', '--month', '2026-02']);
    expect(gone.code).toBe(EXIT_CODES.account);
  }, 60_000);
});

describe('the default data folder', () => {
  it('is the app’s own user-data folder on each platform', () => {
    expect(defaultDataDir('linux', {}, '/home/ann')).toBe('/home/ann/.config/Commission Desk');
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/cfg' }, '/home/ann')).toBe('/cfg/Commission Desk');
    expect(defaultDataDir('darwin', {}, '/Users/ann')).toBe('/Users/ann/Library/Application Support/Commission Desk');
    expect(defaultDataDir('win32', { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'C:\\Users\\ann')).toBe(
      'C:\\Users\\ann\\AppData\\Roaming\\Commission Desk',
    );
  });
});
