/**
 * User preferences kept by the main process in the settings file (electron-store / conf), so they
 * survive restarts and are shared with the headless command: theme, sync windows, the fiscal year's first month, and per account
 * the sales table's columns, sort and last filters. Parsed with zod on the way in and on the way
 * out of the file, so a damaged file falls back to defaults instead of breaking the UI. Only known keys with sized
 * values pass (S17): the renderer and an edited settings file cannot grow the map without bound.
 */
import { z } from 'zod';
import {
  DEFAULT_PREFERENCES,
  MAX_REMEMBERED_ACCOUNTS,
  MAX_SAVED_VIEWS,
  VIEW_NAME_EMPTY,
  VIEW_NAME_MAX_LENGTH,
  VIEW_NAME_TOO_LONG,
} from './preference-rules';
import { JOURNAL_ACCOUNT_MAX_LENGTH, LEDGER_DATE_FORMATS } from './ledger';
import { currencyCodeSchema } from './currency-code';
import { RATE_DAYS } from './rate-rule';
import { salesFilterSchema, salesSortSchema } from './sales-query';

export { MAX_REMEMBERED_ACCOUNTS } from './preference-rules';

/** A short identifier such as a column id or a date preset name. */
const slug = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a short name of letters, digits, - or _');

/** Whose preferences: an account id or 'demo'. */
export const preferencesScopeSchema = z.union([z.literal('demo'), z.string().uuid().max(36)]);

/** One column of the sales table as the user arranged it. */
export const columnLayoutSchema = z.strictObject({
  id: slug,
  width: z.number().int().min(40).max(2000),
  visible: z.boolean(),
});

/** The sales screen's state as the user arranged it: columns, sort, filters and the date preset they came from. */
const salesViewFields = {
  columns: z.array(columnLayoutSchema).max(60).optional(),
  sort: salesSortSchema.optional(),
  filter: salesFilterSchema.optional(),
  /** The date preset the filter came from (e.g. 'last30'), so "last 30 days" stays relative. */
  datePreset: slug.optional(),
};

/** A named snapshot of the sales screen the user can go back to. */
export const savedViewSchema = z.strictObject({
  id: z.string().uuid().max(36),
  name: z.string().trim().min(1, VIEW_NAME_EMPTY).max(VIEW_NAME_MAX_LENGTH, VIEW_NAME_TOO_LONG),
  ...salesViewFields,
});
export type SavedView = z.infer<typeof savedViewSchema>;

/** What the app remembers per account (keyed by account id, or 'demo'). */
export const accountPreferencesSchema = z.strictObject({
  ...salesViewFields,
  views: z.array(savedViewSchema).max(MAX_SAVED_VIEWS).optional(),
});
export type AccountPreferences = z.infer<typeof accountPreferencesSchema>;

/** A journal account's name as a bookkeeping program shows it. */
const journalAccount = z
  .string()
  .trim()
  .min(1, 'Enter the account’s name.')
  .max(JOURNAL_ACCOUNT_MAX_LENGTH, `Use at most ${JOURNAL_ACCOUNT_MAX_LENGTH} characters.`);

/** All preferences, with defaults. */
export const preferencesSchema = z.strictObject({
  theme: z.enum(['light', 'dark', 'auto']).default(DEFAULT_PREFERENCES.theme),
  /** Days fetched by the first sync of an account. */
  firstSyncDays: z.number().int().min(1).max(3650).default(DEFAULT_PREFERENCES.firstSyncDays),
  /** Days before today fetched again on every sync, because statuses change after a sale. */
  trailingResyncDays: z.number().int().min(0).max(365).default(DEFAULT_PREFERENCES.trailingResyncDays),
  /** Days within which routine syncs (one a day) fetch every older cached day again, for final sales' statuses. */
  finalSalesRecheckDays: z.number().int().min(1).max(365).default(DEFAULT_PREFERENCES.finalSalesRecheckDays),
  /** Hours between the routine syncs run while the app is open; 0 turns them off. */
  backgroundSyncHours: z.number().int().min(0).max(24).default(DEFAULT_PREFERENCES.backgroundSyncHours),
  /** The month (1 = January) a fiscal year starts in, for the "fiscal year" date presets. */
  fiscalYearStartMonth: z.number().int().min(1).max(12).default(DEFAULT_PREFERENCES.fiscalYearStartMonth),
  /** The day of that month (1–28, so every month has it) the fiscal year starts on, for the year summary. */
  fiscalYearStartDay: z.number().int().min(1).max(28).default(DEFAULT_PREFERENCES.fiscalYearStartDay),
  /** The currency the user keeps their books in, for figures converted at reference rates; null until chosen. */
  homeCurrency: currencyCodeSchema.nullable().default(DEFAULT_PREFERENCES.homeCurrency),
  /** Whether the app may fetch the ECB's rates table from the ECB itself; off until the user turns it on. */
  ratesFetch: z.boolean().default(DEFAULT_PREFERENCES.ratesFetch),
  /** Whose rate converts earned commission: its sale date's, or the last of its sale month. */
  earnedRateDay: z.enum(RATE_DAYS).default(DEFAULT_PREFERENCES.earnedRateDay),
  /** Whose rate converts money received: its payment date's, or the last of its payment month. */
  receivedRateDay: z.enum(RATE_DAYS).default(DEFAULT_PREFERENCES.receivedRateDay),
  /** How ledger files write dates. */
  ledgerDateFormat: z.enum(LEDGER_DATE_FORMATS).default(DEFAULT_PREFERENCES.ledgerDateFormat),
  /** The accounts a journal ledger file debits (money received) and credits (commission income). */
  journalBankAccount: journalAccount.default(DEFAULT_PREFERENCES.journalBankAccount),
  journalIncomeAccount: journalAccount.default(DEFAULT_PREFERENCES.journalIncomeAccount),
  accounts: z
    .record(preferencesScopeSchema, accountPreferencesSchema)
    .refine((accounts) => Object.keys(accounts).length <= MAX_REMEMBERED_ACCOUNTS, {
      message: `remembers at most ${MAX_REMEMBERED_ACCOUNTS} accounts`,
    })
    .default({}),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** A change to the preferences: top-level fields, and/or one account's entry (replaced field by field). */
export const preferencesPatchSchema = z.strictObject({
  theme: z.enum(['light', 'dark', 'auto']).optional(),
  firstSyncDays: z.number().int().min(1).max(3650).optional(),
  trailingResyncDays: z.number().int().min(0).max(365).optional(),
  finalSalesRecheckDays: z.number().int().min(1).max(365).optional(),
  backgroundSyncHours: z.number().int().min(0).max(24).optional(),
  fiscalYearStartMonth: z.number().int().min(1).max(12).optional(),
  fiscalYearStartDay: z.number().int().min(1).max(28).optional(),
  homeCurrency: currencyCodeSchema.nullable().optional(),
  ratesFetch: z.boolean().optional(),
  earnedRateDay: z.enum(RATE_DAYS).optional(),
  receivedRateDay: z.enum(RATE_DAYS).optional(),
  ledgerDateFormat: z.enum(LEDGER_DATE_FORMATS).optional(),
  journalBankAccount: journalAccount.optional(),
  journalIncomeAccount: journalAccount.optional(),
  account: z
    .strictObject({
      id: preferencesScopeSchema,
      values: accountPreferencesSchema,
    })
    .optional(),
});
export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;
