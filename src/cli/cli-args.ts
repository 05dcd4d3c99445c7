/**
 * The headless command's arguments: each command's options as node:util parseArgs reads them, then checked with zod,
 * so a typo, a missing option or an impossible date is refused with one plain sentence before anything runs. The
 * api-secret is deliberately not an option: arguments show up in the process list and the shell history. For the
 * same reason the API key has --api-key-stdin; --api-key stays for existing scripts, its help saying it is visible.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { addDays, isIsoDay } from '../shared/dates';
import { EXPORT_FORMATS, EXPORT_PRESET_IDS, monthRange } from '../shared/export-presets';
import { EXTRA_CA_OPTION, EXTRA_CA_PLACE } from '../shared/extra-ca-setting';
import { VIEW_NAME_MAX_LENGTH } from '../shared/preference-rules';
import { currencyCodeSchema } from '../shared/currency-code';
import { RATE_DAYS } from '../shared/rate-rule';
import { parseFiscalStart } from '../core/fiscal-year';
import { LEDGER_DATE_FORMATS, LEDGER_FORMATS, LEDGER_SPLITS, XERO_LINES_PER_FILE } from '../core/ledger';
import { usageError } from './cli-errors';

/** One option as parseArgs takes it, with its help line. */
export interface OptionHelp {
  type: 'string' | 'boolean';
  help: string;
  /** What to write after the option in help, e.g. `<yyyy-mm-dd>`. */
  value?: string;
  /** Left out of --help (test hooks). */
  hidden?: boolean;
}

/** Options every command takes. */
export const GLOBAL_OPTIONS: Readonly<Record<string, OptionHelp>> = {
  'data-dir': {
    type: 'string',
    value: '<dir>',
    help: "Folder of the settings and sales cache. Default: the app's own user-data folder.",
  },
  'ca-file': {
    type: 'string',
    value: '<pem>',
    help: `${EXTRA_CA_OPTION} for this run, besides the system's, for networks that inspect TLS. An account that trusts one in the app (${EXTRA_CA_PLACE}) uses it here too.`,
  },
  'keychain-service': { type: 'string', value: '<name>', help: 'Keychain service name (tests only).', hidden: true },
  help: { type: 'boolean', help: 'Show this help.' },
};

const globalsSchema = z.object({
  'data-dir': z.string().min(1).max(4096).optional(),
  'ca-file': z.string().min(1).max(4096).optional(),
  'keychain-service': z.string().min(1).max(200).optional(),
});
/** The global options, checked. */
export type GlobalOptions = z.infer<typeof globalsSchema>;

const day = z.string().refine(isIsoDay, { message: 'must be a real day written yyyy-mm-dd' });
/** A text option that must be given: "--out is required" whether it is missing or empty. */
const required = (max: number) => z.string({ error: 'is required' }).trim().min(1, 'is required').max(max);
const accountRef = required(200);

/** How a long command reports: JSON lines for scripts, or nothing but results and warnings. */
const OUTPUT_OPTIONS = {
  json: {
    type: 'boolean',
    help: 'Print one JSON object per line on stdout, for scripts: progress events ({"event":"progress", "done", "total", "percent", "etaSeconds", …}), then {"event":"result", …} or {"event":"error", …}.',
  },
  quiet: { type: 'boolean', help: 'No progress bar or progress lines; results and warnings only.' },
} as const satisfies Record<string, OptionHelp>;
const outputFields = { json: z.boolean().optional(), quiet: z.boolean().optional() };

/** How a report prints for scripts: JSON or CSV instead of a table. */
const TABLE_OPTIONS = {
  json: { type: 'boolean', help: 'Print JSON instead of a table.' },
  csv: { type: 'boolean', help: 'Print CSV instead of a table.' },
} as const satisfies Record<string, OptionHelp>;
const tableFields = { json: z.boolean().optional(), csv: z.boolean().optional() };

/** The option that makes a report of the sales as they were at a past moment (B1). */
const AS_OF_OPTION = {
  'as-of': {
    type: 'string',
    value: '<yyyy-mm-dd hh:mm>',
    help: 'Report the sales as they were at this past moment (local time, or an ISO time with its offset): the sales first seen by then, each with the values it had then, as a report made at that moment showed them.',
  },
} as const satisfies Record<string, OptionHelp>;
const MOMENT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;
/** --as-of as an ISO instant; whether it has passed is the cache's to check, against its own clock. */
const asOfField = {
  'as-of': z
    .string()
    .regex(MOMENT, 'must be a date and time written yyyy-mm-dd hh:mm (local time), e.g. "2026-10-31 18:00"')
    .transform((text) => new Date(text.replace(' ', 'T')))
    .refine((moment) => !Number.isNaN(moment.getTime()), 'must be a real date and time, e.g. "2026-10-31 18:00"')
    .transform((moment) => moment.toISOString())
    .optional(),
};

/** Options naming a period: --from and --to, or --month. */
/** Conversion into a home currency at the stored ECB rates (L2), and which day's rate each kind of amount takes. */
const HOME_OPTIONS = {
  home: { type: 'string', value: '<currency>', help: 'Convert into this currency at the stored ECB rates.' },
  'earned-rate': {
    type: 'string',
    value: '<own-day|month-end>',
    help: "Earned commission at its sale date's rate, or at its sale month's last rate (default: the setting).",
  },
  'received-rate': {
    type: 'string',
    value: '<own-day|month-end>',
    help: "Money received at its payment date's rate, or at its payment month's last rate (default: the setting).",
  },
} as const satisfies Record<string, OptionHelp>;

const rateDay = z.enum(RATE_DAYS, { error: 'must be own-day or month-end' }).optional();
const homeFields = {
  home: currencyCodeSchema.optional(),
  'earned-rate': rateDay,
  'received-rate': rateDay,
};

const periodFields = {
  from: day.optional(),
  to: day.optional(),
  month: z.string().optional(),
};

/** A date range resolved from --from/--to or --month (yyyy-mm, `last` or `this`). */
export interface Period {
  from: string;
  to: string;
}

/** Whether any period option was given (a sync without one is the routine sync). */
export function hasPeriod(values: { from?: string; to?: string; month?: string }): boolean {
  return values.from !== undefined || values.to !== undefined || values.month !== undefined;
}

/** Resolves the period options against `today`; throws a usage error naming what is wrong. */
export function resolvePeriod(
  values: { from?: string; to?: string; month?: string },
  today: string,
  command: string,
): Period {
  if (values.month !== undefined) {
    if (values.from !== undefined || values.to !== undefined)
      throw usageError('Give either --month or --from and --to, not both.', command);
    const month =
      values.month === 'this'
        ? today.slice(0, 7)
        : values.month === 'last'
          ? addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)
          : values.month;
    const range = monthRange(month);
    if (range === null)
      throw usageError(
        `--month must be a month written yyyy-mm, or "last" or "this" (got "${values.month}").`,
        command,
      );
    return range;
  }
  if (values.from === undefined || values.to === undefined)
    throw usageError('Give the period with --from and --to (yyyy-mm-dd), or with --month.', command);
  if (values.from > values.to)
    throw usageError(`The end date ${values.to} is before the start date ${values.from}.`, command);
  return { from: values.from, to: values.to };
}

/** The commands, their options and zod schemas. */
export const COMMANDS = {
  'accounts list': {
    summary: 'List the accounts (never a secret; the API key masked).',
    usage: 'accounts list [--json]',
    options: { json: { type: 'boolean', help: 'Print JSON instead of a table.' } },
    positionals: [] as string[],
    schema: z.strictObject({ json: z.boolean().optional() }),
  },
  'accounts add': {
    summary: 'Test credentials with the service, then save the account (secret to the system keychain).',
    usage: 'accounts add --label <label> --base-url <https://…> --app-id <id> [--api-key-stdin | --api-key <key>]',
    notes: [
      'The API key: with --api-key-stdin, the first line of standard input (the API secret on the second);',
      'else COMMISSION_DESK_API_KEY; asked without echo when run at a terminal with neither.',
      'The API secret is never an argument: COMMISSION_DESK_API_SECRET, else standard input (after the key).',
      'Example: printf \'%s\\n%s\\n\' "$KEY" "$SECRET" | {program} accounts add --label Shop --base-url https://… --app-id my-app --api-key-stdin',
    ],
    options: {
      label: {
        type: 'string',
        value: '<label>',
        help: 'Name to refer to the account by (unique; "demo" is reserved).',
      },
      'base-url': { type: 'string', value: '<url>', help: 'The service address, https only.' },
      'app-id': { type: 'string', value: '<id>', help: 'Your app ID.' },
      'api-key-stdin': { type: 'boolean', help: 'Read the API key from the first line of standard input.' },
      'api-key': {
        type: 'string',
        value: '<key>',
        help: 'The API key as an argument, for older scripts: other users can see it in the process list, and it stays in the shell history. Prefer --api-key-stdin or COMMISSION_DESK_API_KEY.',
      },
    },
    positionals: [] as string[],
    schema: z.strictObject({
      label: required(100),
      'base-url': required(2000),
      'app-id': required(200),
      'api-key': required(1000).optional(),
      'api-key-stdin': z.boolean().optional(),
    }),
  },
  'accounts remove': {
    summary: "Delete an account's credentials from the keychain, the account and its cached sales.",
    usage: 'accounts remove <label> [--keep-cached-sales]',
    options: {
      'keep-cached-sales': { type: 'boolean', help: 'Only sign out: keep the account listed and its cached sales.' },
    },
    positionals: ['label'],
    schema: z.strictObject({ label: accountRef, 'keep-cached-sales': z.boolean().optional() }),
  },
  'rates import': {
    summary:
      "Store the European Central Bank's euro reference rates from its historical CSV file (eurofxref-hist.csv), replacing the stored table.",
    usage: 'rates import <file.csv> [--json]',
    notes: [
      'Get the file on any computer from the ECB (Statistics > Euro foreign exchange reference rates, the full history as CSV, eurofxref-hist.zip), unzip it and import eurofxref-hist.csv. Rates are then used offline.',
      'A file that is not that table, or is larger than it can be, is refused and the stored rates stay as they were.',
      'JSON: the same object as rates status --json.',
    ],
    options: { json: { type: 'boolean', help: 'Print JSON instead of a sentence.' } },
    positionals: ['file'],
    schema: z.strictObject({ file: required(4096), json: z.boolean().optional() }),
  },
  'rates status': {
    summary: 'Say which reference rates are stored: where and when from, their first and last day, the currencies.',
    usage: 'rates status [--json]',
    notes: [
      'JSON: {"stored": false} when none are, else {"stored": true, "kind": "file"|"ecb", "origin", "importedAt", "firstDay", "lastDay", "days", "currencies": [...]}.',
    ],
    options: { json: { type: 'boolean', help: 'Print JSON instead of a sentence.' } },
    positionals: [] as string[],
    schema: z.strictObject({ json: z.boolean().optional() }),
  },
  sync: {
    summary:
      'Bring the cache up to date: with no period, the recent days (60 by default) in full plus every open sale however old; with a period, its days not yet synced (all of them again with --refresh).',
    usage:
      'sync --account <label|demo> [(--from <yyyy-mm-dd> --to <yyyy-mm-dd> | --month <yyyy-mm|last|this>) [--refresh]] [--wait <seconds>] [--json | --quiet]',
    notes: [
      'Progress goes to stderr: a bar on a terminal (share done, counts, time left), else a plain line at each tenth.',
      'One sync per account at a time: while the app or another command syncs the account, sync waits as long as --wait says, else stops at once with exit code 8. Other accounts sync side by side.',
    ],
    options: {
      account: { type: 'string', value: '<label|demo>', help: 'The account (its label, its id, or "demo").' },
      from: { type: 'string', value: '<yyyy-mm-dd>', help: 'First transaction day of a period to sync.' },
      to: { type: 'string', value: '<yyyy-mm-dd>', help: 'Last transaction day of a period to sync.' },
      month: { type: 'string', value: '<yyyy-mm|last|this>', help: 'A whole month instead of --from/--to.' },
      refresh: {
        type: 'boolean',
        help: 'With a period: fetch every day of it again, synced or not, to re-check the statuses of all its sales (paid and declined ones too).',
      },
      wait: {
        type: 'string',
        value: '<seconds>',
        help: 'When the app or another command is syncing this account, wait up to this long for it to finish, then sync. Default 0: stop at once (exit code 8).',
      },
      ...OUTPUT_OPTIONS,
    },
    positionals: [] as string[],
    schema: z.strictObject({
      account: accountRef,
      ...periodFields,
      refresh: z.boolean().optional(),
      wait: z
        .string()
        .regex(/^\d{1,5}$/, 'must be a whole number of seconds, at most 86400')
        .transform(Number)
        .refine((seconds) => seconds <= 86_400, 'must be a whole number of seconds, at most 86400')
        .optional(),
      ...outputFields,
    }),
  },
  changes: {
    summary:
      'List what the service changed on cached sales: statuses, amounts, currencies, dates, sales no longer reported; a change to a paid sale is marked as restating its paid period.',
    usage: 'changes --account <label|demo> [--since <yyyy-mm-dd>] [--restatements] [--json | --csv]',
    notes: [
      'Without --since, the changes the last completed sync found. Amounts are exact, each with its currency; a change is listed with when it was seen.',
      'JSON: an array of {"reference", "field", "oldValue", "newValue", "oldCurrency", "newCurrency", "changedAt", "restatement", "paidOn", …}, oldest first.',
    ],
    options: {
      account: { type: 'string', value: '<label|demo>', help: 'The account (its label, its id, or "demo").' },
      since: { type: 'string', value: '<yyyy-mm-dd>', help: 'List the changes seen from this day on.' },
      restatements: {
        type: 'boolean',
        help: 'Only changes to sales that had been paid (each restates the payout of its payment date).',
      },
      ...TABLE_OPTIONS,
    },
    positionals: [] as string[],
    schema: z.strictObject({
      account: accountRef,
      since: day.optional(),
      restatements: z.boolean().optional(),
      ...tableFields,
    }),
  },
  export: {
    summary: 'Write an Excel or CSV export of the cached sales of a period, or of a view saved on the sales screen.',
    usage:
      'export --account <label|demo> (--from … --to … | --month … | --view <name>) [--preset earned|payments|all] [--format xlsx|csv] [--include-no-longer-reported] [--as-of <yyyy-mm-dd hh:mm>] --out <file> [--force] [--json | --quiet]',
    notes: [
      'With --view, the file holds the sales the view shows on the sales screen, in its order; --from/--to or --month replace its dates, --preset its date basis and statuses.',
      'Progress goes to stderr: a bar on a terminal (share done, counts, time left), else a plain line at each tenth.',
      "--home <currency> adds two columns converted into that currency at the stored ECB reference rates, approximate: the commission as earned (by default at its sale date's rate) and, for paid sales, as received (by default at its payment date's rate); each header names its rule, which --earned-rate and --received-rate change (defaults from Settings). An Excel accounting export also gains a \"Bridge in <currency>\" sheet, and its About sheet states the rule and the rates' source.",
    ],
    options: {
      account: { type: 'string', value: '<label|demo>', help: 'The account (its label, its id, or "demo").' },
      from: { type: 'string', value: '<yyyy-mm-dd>', help: 'First day of the range.' },
      to: { type: 'string', value: '<yyyy-mm-dd>', help: 'Last day of the range.' },
      month: { type: 'string', value: '<yyyy-mm|last|this>', help: 'A whole month instead of --from/--to.' },
      view: {
        type: 'string',
        value: '<name>',
        help: 'A view saved on the sales screen for this account: its filters, dates and sort.',
      },
      preset: {
        type: 'string',
        value: '<earned|payments|all>',
        help: 'earned: approved sales by transaction date; payments: paid sales by payment date; all (default without --view): every sale by transaction date.',
      },
      format: { type: 'string', value: '<xlsx|csv>', help: 'Default: from the --out extension, else xlsx.' },
      'include-no-longer-reported': {
        type: 'boolean',
        help: 'Also export sales the service no longer reports (kept for audit, left out by default); the Summary says how many either way.',
      },
      ...HOME_OPTIONS,
      ...AS_OF_OPTION,
      out: { type: 'string', value: '<file>', help: 'The file to write; its folder must exist.' },
      force: {
        type: 'boolean',
        help: 'Replace the file if it exists (it is replaced only once the new one is complete).',
      },
      ...OUTPUT_OPTIONS,
    },
    positionals: [] as string[],
    schema: z.strictObject({
      account: accountRef,
      ...periodFields,
      view: required(VIEW_NAME_MAX_LENGTH).optional(),
      preset: z.enum(EXPORT_PRESET_IDS).optional(),
      format: z.enum(EXPORT_FORMATS).optional(),
      'include-no-longer-reported': z.boolean().optional(),
      ...homeFields,
      ...asOfField,
      out: required(4096),
      force: z.boolean().optional(),
      ...outputFields,
    }),
  },
  payouts: {
    summary: 'Print the payouts of a period: the paid sales by payment date and currency, with their count and amount.',
    usage:
      'payouts --account <label|demo> (--from <yyyy-mm-dd> --to <yyyy-mm-dd> | --month <yyyy-mm|last|this>) [--as-of <yyyy-mm-dd hh:mm>] [--json | --csv]',
    notes: [
      "The period is of payment dates. Amounts are exact, in each currency's own decimals; currencies are never added together.",
      'JSON: an array of {"paymentDate", "currency", "sales", "amount"}, sorted by date then currency.',
    ],
    options: {
      account: { type: 'string', value: '<label|demo>', help: 'The account (its label, its id, or "demo").' },
      from: { type: 'string', value: '<yyyy-mm-dd>', help: 'First payment day.' },
      to: { type: 'string', value: '<yyyy-mm-dd>', help: 'Last payment day.' },
      month: { type: 'string', value: '<yyyy-mm|last|this>', help: 'A whole month instead of --from/--to.' },
      ...AS_OF_OPTION,
      ...TABLE_OPTIONS,
    },
    positionals: [] as string[],
    schema: z.strictObject({
      account: accountRef,
      ...periodFields,
      ...asOfField,
      ...tableFields,
    }),
  },
  match: {
    summary:
      'Import a bank statement CSV and match each payout to the bank line that received it; list the payouts with no bank line.',
    usage:
      'match --account <label|demo> --bank <file.csv> [--currency <code>] [--days <n>] [--tolerance <amount>] [--payer <text>] [--json]',
    notes: [
      "The statement is read as your bank wrote it: comma, semicolon or tab; a decimal point or comma; dates yyyy-mm-dd, dd/mm/yyyy, mm/dd/yyyy, dd.mm.yyyy or dd-mm-yyyy; UTF-8 or Windows-1252. The date, amount, description and currency columns are found by their names; a statement with no currency column needs --currency. The layout is remembered by the statement's header.",
      'Its lines are stored apart from the sales (never changing them); importing the same file again adds nothing. A payout (payment date and currency, as in payouts and ledger) is matched to a line of its currency dated from its payment date to --days after (10), whose amount is equal or within --tolerance (0; e.g. 2.00 for fees).',
      'JSON: {"statement": {"file", "lines", "added", "from", "to"}, "matched": [{"payout", "line", "difference", "manual"}], "unpaid": [payout], "tooRecent": [payout], "unknown": [line], "unmatchedLines": [line]}; a payout is {"paymentDate", "currency", "amount", "sales"}, a line {"key", "day", "currency", "amount", "description"}; amounts exact in the currency\'s own decimals. unpaid: no bank line although the statement covers its days; tooRecent: its days run past the statement; unknown: lines whose description holds --payer that match no payout; unmatchedLines: every line no payout took.',
    ],
    options: {
      account: { type: 'string', value: '<label|demo>', help: 'The account (its label, its id, or "demo").' },
      bank: { type: 'string', value: '<file.csv>', help: 'The bank statement CSV.' },
      currency: { type: 'string', value: '<code>', help: "The statement's currency, when it has no currency column." },
      days: {
        type: 'string',
        value: '<n>',
        help: 'Days after the payment date a bank line may be dated (default 10).',
      },
      tolerance: { type: 'string', value: '<amount>', help: 'Largest difference accepted, e.g. 2.00 (default 0).' },
      payer: {
        type: 'string',
        value: '<text>',
        help: "Text of the platform's bank lines, to list those no payout explains.",
      },
      json: { type: 'boolean', help: 'Print JSON instead of tables.' },
    },
    positionals: [] as string[],
    schema: z.strictObject({
      account: accountRef,
      bank: required(4096),
      currency: currencyCodeSchema.optional(),
      days: z
        .string()
        .regex(/^\d{1,2}$/, 'must be a whole number of days from 0 to 99')
        .optional(),
      tolerance: z
        .string()
        .regex(/^\d+(\.\d+)?$/, 'must be an amount such as 2.00')
        .optional(),
      payer: z.string().min(1).max(200).optional(),
      json: z.boolean().optional(),
    }),
  },
  ledger: {
    summary:
      'Write the payouts of one currency received in a period as a file a bookkeeping program imports: Xero, QuickBooks Online or a journal.',
    usage:
      'ledger --account <label|demo> --format xero|qbo|journal --currency <code> (--from <yyyy-mm-dd> --to <yyyy-mm-dd> | --month <yyyy-mm|last|this>) --out <file.csv> [--split category|collection] [--date-format dd/mm/yyyy|mm/dd/yyyy] [--force]',
    notes: [
      'One line per payment date (a bank account holds one currency). Payouts dated after today are announced, not received, and left out.',
      '--split category or --split collection writes one line per payment date and category (or collection) instead, each described as such ("category coupon", "collection (none)") and each with its own Xero reference; the lines of a day add up to its payout.',
      `xero: header exactly Date,Amount,Payee,Description,Reference; more than ${XERO_LINES_PER_FILE.toLocaleString('en')} lines are split into <file>-part-1-of-N.csv and so on.`,
      'qbo: header exactly Date,Description,Amount (QuickBooks Online three-column bank CSV).',
      'journal: Date,Account,Debit,Credit,Currency,Memo, each payout debited to the bank account and credited to the income account set in the app (Settings > Ledger files; "Bank" and "Affiliate commission income" until changed), so it balances.',
      "Amounts are plain decimals with a dot in the currency's own decimals (JPY none, KWD three); text that could start a formula is neutralised.",
    ],
    options: {
      account: { type: 'string', value: '<label|demo>', help: 'The account (its label, its id, or "demo").' },
      format: { type: 'string', value: '<xero|qbo|journal>', help: 'The bookkeeping format.' },
      currency: { type: 'string', value: '<code>', help: 'The currency of the bank account, e.g. EUR.' },
      from: { type: 'string', value: '<yyyy-mm-dd>', help: 'First payment day.' },
      to: { type: 'string', value: '<yyyy-mm-dd>', help: 'Last payment day.' },
      month: { type: 'string', value: '<yyyy-mm|last|this>', help: 'A whole month instead of --from/--to.' },
      out: { type: 'string', value: '<file.csv>', help: 'The file to write.' },
      split: {
        type: 'string',
        value: '<category|collection>',
        help: 'One line per payout and category, or per payout and collection.',
      },
      'date-format': {
        type: 'string',
        value: '<dd/mm/yyyy|mm/dd/yyyy>',
        help: 'How dates are written (default: as set in the app, dd/mm/yyyy until changed).',
      },
      force: { type: 'boolean', help: 'Replace the file(s) if they exist.' },
    },
    positionals: [] as string[],
    schema: z.strictObject({
      account: accountRef,
      format: z.enum(LEDGER_FORMATS, { error: 'must be xero, qbo or journal' }),
      currency: z
        .string({ error: 'is required' })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code, e.g. EUR'),
      ...periodFields,
      out: required(4096),
      'date-format': z.enum(LEDGER_DATE_FORMATS, { error: 'must be dd/mm/yyyy or mm/dd/yyyy' }).optional(),
      split: z.enum(LEDGER_SPLITS, { error: 'must be category or collection' }).optional(),
      force: z.boolean().optional(),
    }),
  },
  aging: {
    summary:
      'Print how long what is owed has waited: commission approved and not paid, and commission pending, per currency, by days since the sale.',
    usage: 'aging --account <label|demo> [--as-of <yyyy-mm-dd>] [--json | --csv] [--claim-file <file.csv> [--force]]',
    notes: [
      'Buckets of whole days from the sale date to the as-of day (today by default): 0-30, 31-60, 61-90, 90+. Statuses are as the cache knows them now; a sale paid after the as-of day counts as owed on it.',
      'JSON: an array of {"currency", "bucket", "owedSales", "owed", "pendingSales", "pending"}, every bucket of every currency with an open sale, amounts exact in the currency\'s own decimals.',
    ],
    options: {
      account: { type: 'string', value: '<label|demo>', help: 'The account (its label, its id, or "demo").' },
      'as-of': { type: 'string', value: '<yyyy-mm-dd>', help: 'The day to count the days to (default today).' },
      'claim-file': {
        type: 'string',
        value: '<file.csv>',
        help: 'Instead, write the sales waiting more than 90 days, with their history, for a support request.',
      },
      force: { type: 'boolean', help: 'Replace the claim file if it exists (once the new one is complete).' },
      ...TABLE_OPTIONS,
    },
    positionals: [] as string[],
    schema: z.strictObject({
      account: accountRef,
      'as-of': day.optional(),
      'claim-file': z.string().min(1).optional(),
      force: z.boolean().optional(),
      ...tableFields,
    }),
  },
  bridge: {
    summary:
      'Print the earned-to-received bridge of a period, per currency: opening receivable + earned − reductions − received = closing receivable.',
    usage:
      'bridge --account <label|demo> (--from <yyyy-mm-dd> --to <yyyy-mm-dd> | --month <yyyy-mm|last|this>) [--home <currency>] [--json | --csv]',
    notes: [
      'As the cache knows the sales now (no month is closed). A sale is receivable on a day when it was made by then, its commission is not declined (a status the spec does not list counts as not declined) and it was not paid by then (paid without a payment date counts as paid). Opening is the receivable on the day before the period, closing on its last day.',
      'Earned: the commission of the sales made in the period, whatever their status. Received: of the sales paid with a payment date in the period. Reductions: of the declined sales made in the period and of the sales made in it but paid before it or without a payment date, less payments in the period of declined sales or of sales made after it. Sales no longer reported are left out, as in payouts. The residual is exactly 0.',
      'JSON: an array of {"currency", "from", "to", "opening", "earned", "reductions", "received", "closing"}, one per currency, amounts exact in the currency\'s own decimals.',
      'When the month before the period is closed (see close), opening is the receivable recorded at that close, and what changed since in the sales before the period (adjustments) counts as a reduction (negative: an addition), so the identity still holds exactly.',
      '--home <currency> prints instead the bridge converted into that currency at the stored ECB reference rates (see rates import), approximate: each sale at its earned rate, what was received at its received rate (by default the rates of its sale date and of its payment date; --earned-rate and --received-rate month-end take the last rate of that month instead, and the defaults come from Settings), rounded half away from zero once per sale; the exchange difference line closes it: opening + earned - reductions - received + exchangeDifference = closing, exactly. JSON: {"currency", "home", "opening", "earned", "reductions", "received", "exchangeDifference", "closing", "earlierRates", "unconverted"}; a currency the ECB does not publish has null amounts and says why. As the sales are now, with no month closed.',
    ],
    options: {
      account: { type: 'string', value: '<label|demo>', help: 'The account (its label, its id, or "demo").' },
      from: { type: 'string', value: '<yyyy-mm-dd>', help: 'First day of the period.' },
      to: { type: 'string', value: '<yyyy-mm-dd>', help: 'Last day of the period.' },
      month: { type: 'string', value: '<yyyy-mm|last|this>', help: 'A whole month instead of --from/--to.' },
      ...HOME_OPTIONS,
      ...TABLE_OPTIONS,
    },
    positionals: [] as string[],
    schema: z.strictObject({
      account: accountRef,
      ...periodFields,
      ...homeFields,
      ...tableFields,
    }),
  },
  close: {
    summary: 'Close a month: record its figures per currency as they are now, so later changes show as adjustments.',
    usage: 'close --account <label|demo> --month <yyyy-mm|last|this> [--json | --csv]',
    notes: [
      "Records, per currency: sales made in the month, commission earned, declined, received (by payment date) and receivable at its end, by the bridge's rules. A closed month cannot be closed again; reopen it first.",
      'JSON: an array of {"month", "currency", "sales", "earned", "declined", "received", "receivable"}, amounts exact in the currency\'s own decimals.',
    ],
    options: {
      account: { type: 'string', value: '<label|demo>', help: 'The account (its label, its id, or "demo").' },
      month: { type: 'string', value: '<yyyy-mm|last|this>', help: 'The month to close.' },
      ...TABLE_OPTIONS,
    },
    positionals: [] as string[],
    schema: z.strictObject({ account: accountRef, month: z.string(), ...tableFields }),
  },
  reopen: {
    summary: 'Reopen a closed month; the reopen is logged with the figures the month had.',
    usage: 'reopen --account <label|demo> --month <yyyy-mm|last|this> --yes',
    notes: [
      "--yes confirms: the month's recorded figures are set aside (kept in the log) and its changes stop being adjustments.",
    ],
    options: {
      account: { type: 'string', value: '<label|demo>', help: 'The account (its label, its id, or "demo").' },
      month: { type: 'string', value: '<yyyy-mm|last|this>', help: 'The month to reopen.' },
      yes: { type: 'boolean', help: 'Confirm the reopen.' },
    },
    positionals: [] as string[],
    schema: z.strictObject({ account: accountRef, month: z.string(), yes: z.boolean().optional() }),
  },
  adjustments: {
    summary: 'List the changes seen after a close to the sales of closed months, with their effect on commission.',
    usage: 'adjustments --account <label|demo> [--json | --csv] [--out <file.csv> [--force]]',
    notes: [
      "Effect on the month's net commission (earned less declined) per currency: an amount change adds the new and takes the old amount; a decline, or a sale no longer reported, takes its commission; the reverse gives it back; other changes are listed with no effect.",
      'JSON: an array of {"month", "reference", "field", "before", "after", "seenAt", "effect": [{"currency", "commission"}]}, oldest first, amounts exact in the currency\'s own decimals. CSV and table: one line per adjustment and currency.',
      '--out writes the same lines as the app\'s "Export adjustments (CSV)": Closed month, Sale, What changed, Before, After, Currency, Effect on commission, Seen.',
    ],
    options: {
      account: { type: 'string', value: '<label|demo>', help: 'The account (its label, its id, or "demo").' },
      out: { type: 'string', value: '<file.csv>', help: 'Instead, write the adjustments to this CSV file.' },
      force: { type: 'boolean', help: 'Replace the file if it exists (once the new one is complete).' },
      ...TABLE_OPTIONS,
    },
    positionals: [] as string[],
    schema: z.strictObject({
      account: accountRef,
      out: z.string().min(1).optional(),
      force: z.boolean().optional(),
      ...tableFields,
    }),
  },
  year: {
    summary:
      'Print a fiscal year month by month, per currency: commission on a cash basis (by payment date) and on an accrual basis (by sale date), with their difference.',
    usage:
      'year --account <label|demo> --year <yyyy> [--start <mm-dd>] [--home <currency>] [--json | --csv] [--out <file.xlsx> [--force]]',
    notes: [
      'The fiscal year named <yyyy> is the one that starts in <yyyy>: with --start 04-06 (6 April), year 2026 runs from 2026-04-06 to 2027-04-05, and each month from the 6th to the 5th. The start is the fiscal year start of Settings (1 January by default); --start overrides it, day 01 to 28.',
      'Cash: commission of the sales paid, by payment date. Accrual: commission of the sales made, by sale date. Both leave out sales declined as known now, even when paid before. Over the year, difference (accrual - cash) equals the change in what is receivable (closing - opening receivable), as the bridge shows.',
      'JSON: an array of {"currency", "month", "from", "to", "cash", "accrual", "difference"}, twelve months then a "total" row per currency with a sale in either basis; "month" is the calendar month the fiscal month starts in (yyyy-mm); amounts exact in the currency\'s own decimals.',
      '--home <currency> prints instead the same rows converted into that currency at the stored ECB reference rates, approximate: cash as money received (by default at each sale\'s payment-date rate), accrual as commission earned (by default at its sale-date rate), rounded half away from zero once per sale; --earned-rate and --received-rate month-end take the last rate of that month instead (defaults from Settings). With --out, the workbook gains the converted columns, each header naming its rule, and an About sheet. JSON: {"currency", "home", "month", "cash", "accrual", "difference", "unconverted"}; a currency the ECB does not publish has null amounts and says why.',
    ],
    options: {
      account: { type: 'string', value: '<label|demo>', help: 'The account (its label, its id, or "demo").' },
      year: { type: 'string', value: '<yyyy>', help: 'The fiscal year, named by the year it starts in.' },
      start: { type: 'string', value: '<mm-dd>', help: 'The day the fiscal year starts (default: the setting).' },
      ...HOME_OPTIONS,
      out: {
        type: 'string',
        value: '<file.xlsx>',
        help: 'Instead, write a workbook with a Cash and an Accrual sheet.',
      },
      force: { type: 'boolean', help: 'Replace the workbook if it exists (once the new one is complete).' },
      ...TABLE_OPTIONS,
    },
    positionals: [] as string[],
    schema: z.strictObject({
      account: accountRef,
      year: z.string().regex(/^\d{4}$/, 'must be a year written yyyy'),
      start: z
        .string()
        .refine((text) => parseFiscalStart(text) !== null, 'must be a month and day written mm-dd, day 01 to 28')
        .optional(),
      ...homeFields,
      out: z.string().min(1).optional(),
      force: z.boolean().optional(),
      ...tableFields,
    }),
  },
  summary: {
    summary:
      'Print the commission of the sales made in a period, per currency: total, approved, pending, declined and paid.',
    usage:
      'summary --account <label|demo> (--from <yyyy-mm-dd> --to <yyyy-mm-dd> | --month <yyyy-mm|last|this>) [--as-of <yyyy-mm-dd hh:mm>] [--json | --csv]',
    notes: [
      "The period is of transaction dates. Amounts are exact, in each currency's own decimals; currencies are never added together.",
    ],
    options: {
      account: { type: 'string', value: '<label|demo>', help: 'The account (its label, its id, or "demo").' },
      from: { type: 'string', value: '<yyyy-mm-dd>', help: 'First transaction day.' },
      to: { type: 'string', value: '<yyyy-mm-dd>', help: 'Last transaction day.' },
      month: { type: 'string', value: '<yyyy-mm|last|this>', help: 'A whole month instead of --from/--to.' },
      ...AS_OF_OPTION,
      ...TABLE_OPTIONS,
    },
    positionals: [] as string[],
    schema: z.strictObject({
      account: accountRef,
      ...periodFields,
      ...asOfField,
      ...tableFields,
    }),
  },
} as const;

/** A command name, e.g. `accounts add`. */
export type CommandName = keyof typeof COMMANDS;
/** The checked options of a command. */
export type CommandOptions<C extends CommandName> = z.infer<(typeof COMMANDS)[C]['schema']>;

/** Commands that take a second word: `accounts add`, `rates import`. */
export const GROUPS: readonly string[] = ['accounts', 'rates'];

/** The command an argument list names, and the arguments after its name; null when it names none. */
export function findCommand(args: readonly string[]): { name: CommandName; rest: string[] } | null {
  const [first, second] = args;
  if (first !== undefined && GROUPS.includes(first))
    return second !== undefined && `${first} ${second}` in COMMANDS
      ? { name: `${first} ${second}` as CommandName, rest: args.slice(2) }
      : null;
  if (first !== undefined && first in COMMANDS) return { name: first as CommandName, rest: args.slice(1) };
  return null;
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const field = issue?.path[0];
  const name = typeof field === 'string' ? (field === 'label' ? 'the label' : `--${field}`) : 'an option';
  return `${name} ${issue?.message ?? 'is not valid'}.`;
}

/** What parsing a command's arguments gives: its help was asked for, or its checked options. */
export type Parsed<C extends CommandName> =
  { help: true } | { help: false; globals: GlobalOptions; options: CommandOptions<C> };

/** Parses and checks the arguments of command `name`; throws a usage error naming the first problem. */
export function parseCommand<C extends CommandName>(name: C, args: readonly string[]): Parsed<C> {
  const spec = COMMANDS[name];
  if (args.some((a) => /^--api-secret(=|$)/.test(a))) {
    throw usageError(
      'The API secret is never taken as an argument (it would show in the process list and the shell history). Pipe it on standard input or set COMMISSION_DESK_API_SECRET.',
      name,
    );
  }
  const options = Object.fromEntries(
    Object.entries({ ...GLOBAL_OPTIONS, ...spec.options }).map(([key, o]) => [
      key,
      key === 'help' ? { type: o.type, short: 'h' } : { type: o.type },
    ]),
  );
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw usageError(
      error instanceof Error ? error.message.replace(/\s+To specify.*$/s, '') : 'The arguments were not understood.',
      name,
    );
  }
  if (parsed.values.help === true) return { help: true };
  if (parsed.positionals.length > spec.positionals.length)
    throw usageError(`Unexpected argument "${parsed.positionals[spec.positionals.length]}".`, name);
  const { 'data-dir': dataDir, 'ca-file': caFile, 'keychain-service': keychainService } = parsed.values;
  const own = Object.fromEntries(Object.entries(parsed.values).filter(([key]) => !(key in GLOBAL_OPTIONS)));
  const positional = Object.fromEntries(
    spec.positionals.map((p, i) => [p, parsed.positionals[i]]).filter(([, v]) => v !== undefined),
  );
  const globals = globalsSchema.safeParse({
    'data-dir': dataDir,
    'ca-file': caFile,
    'keychain-service': keychainService,
  });
  if (!globals.success) throw usageError(describeIssue(globals.error), name);
  const checked = spec.schema.safeParse({ ...own, ...positional });
  if (!checked.success) throw usageError(describeIssue(checked.error), name);
  return { help: false, globals: globals.data, options: checked.data as CommandOptions<C> };
}
