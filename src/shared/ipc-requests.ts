/**
 * What the renderer may send: one zod schema per request shape, parsed in the main process before any handler runs.
 * The channel table in `ipc-contract.ts` names which schema each channel uses.
 */
import { z } from 'zod';
import { EXPORT_COLUMN_IDS } from './export-columns';
import { EXPORT_FORMATS, EXPORT_PRESET_IDS } from './export-presets';
import { STATEMENT_DATE_FORMATS, STATEMENT_SEPARATORS } from './bank';
import { currencyCodeSchema } from './currency-code';
import { LEDGER_FORMATS, LEDGER_SPLITS } from './ledger';
import { MAX_RATES_FILE_BYTES } from './reference-rates';
import { filterDaySchema, isoDayWithin, latestSyncDay, salesSelectionSchema, salesSortSchema } from './sales-query';

/** A day a sync may cover: every day asks the service for pages, so the range stops a year from today (S17). */
const syncDay = isoDayWithin(() => latestSyncDay(), 'one year from today');

/** A report of the sales as they were at this past instant (B1); absent: as they are now. The cache refuses a future one. */
const asOfSchema = z
  .string()
  .max(40)
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: 'must be an ISO date-time' });

/**
 * What an export covers: the sales screen's own filter and sort over the cache, the columns to write, the file
 * format, and optionally an accounting preset, which fixes the date basis and statuses (see `export-presets.ts`).
 * Absent columns mean the defaults; the columns the Summary needs are always added.
 */
export const exportRequestSchema = salesSelectionSchema
  .extend({
    sort: salesSortSchema.optional(),
    columns: z
      .array(z.enum(EXPORT_COLUMN_IDS))
      .min(1)
      .max(EXPORT_COLUMN_IDS.length)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'a column is listed twice' })
      .optional(),
    format: z.enum(EXPORT_FORMATS),
    preset: z.enum(EXPORT_PRESET_IDS).optional(),
    asOf: asOfSchema.optional(),
    /** Saved accounts to export together, each row naming its account; absent: the open session's account. */
    accounts: z
      .array(z.string().uuid().max(36))
      .min(1)
      .max(100)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'an account is listed twice' })
      .optional(),
    /** Adds the figures converted into the home currency of Settings at the stored rates, under its rate rule. */
    home: z.boolean().optional(),
  })
  .refine((r) => r.preset === undefined || (r.filter.from !== undefined && r.filter.to !== undefined), {
    message: 'a preset needs a start and an end date',
    path: ['filter', 'from'],
  });
export type ExportRequest = z.infer<typeof exportRequestSchema>;

/** "Make the cache cover this range"; `refresh` fetches covered days again too. */
export const syncRequestSchema = z
  .strictObject({ from: syncDay, to: syncDay, refresh: z.boolean().optional() })
  .refine((r) => r.from <= r.to, { message: 'the end date is before the start date', path: ['to'] });
export type SyncRequest = z.infer<typeof syncRequestSchema>;

const secretField = z.string().trim().min(1, 'is required').max(1000);

/** PEM text of an extra CA certificate (a few kilobytes each; a small bundle at most). */
export const extraCaPemSchema = z.string().min(1).max(65_536);

/**
 * The sign-in form: the three credentials and the service address, and an extra CA certificate to trust for it when
 * the network inspects TLS.
 */
export const connectionFormSchema = z.strictObject({
  baseUrl: z.string().trim().min(1, 'is required').max(2000),
  apiKey: secretField,
  apiSecret: secretField,
  appId: z.string().trim().min(1, 'is required').max(200),
  extraCaPem: extraCaPemSchema.optional(),
});
export type ConnectionForm = z.infer<typeof connectionFormSchema>;

/** Saving an account: the form, an optional label, and whether to skip the keychain for this session. */
export const addAccountSchema = connectionFormSchema.extend({
  label: z.string().trim().max(100).optional(),
  sessionOnly: z.boolean(),
});
export type AddAccountInput = z.infer<typeof addAccountSchema>;

const accountIdSchema = z.string().uuid().max(36);

/** Picks an account by id. */
export const accountRefSchema = z.strictObject({ accountId: accountIdSchema });

/** New credentials for an account whose key was refused; an empty api-key keeps the stored one. */
export const reauthenticateSchema = z.strictObject({
  accountId: accountIdSchema,
  apiKey: z.string().trim().max(1000).optional(),
  apiSecret: secretField,
  appId: z.string().trim().min(1).max(200),
  sessionOnly: z.boolean(),
});
export type ReauthenticateInput = z.infer<typeof reauthenticateSchema>;

/** An extra CA certificate (PEM) for one account to trust in addition to the system's. */
export const trustExtraCaSchema = z.strictObject({ accountId: accountIdSchema, pem: extraCaPemSchema });
export type TrustExtraCaInput = z.infer<typeof trustExtraCaSchema>;

/** Signing out: whether the account's cached sales go too. */
export const signOutSchema = z.strictObject({ accountId: accountIdSchema, deleteCachedSales: z.boolean() });
export type SignOutInput = z.infer<typeof signOutSchema>;

/** A new label for an account; nothing else about it changes. */
export const renameAccountSchema = z.strictObject({
  accountId: accountIdSchema,
  label: z.string().trim().min(1, 'Enter a name for the account.').max(100, 'Use at most 100 characters.'),
});
export type RenameAccountInput = z.infer<typeof renameAccountSchema>;

/** A link to open in the user's browser; the main process opens https links only (S4). */
export const openExternalSchema = z.strictObject({ url: z.string().min(1).max(2048) });

/** A file to show in the file manager; only files the app wrote in this session are shown. */
export const showInFolderSchema = z.strictObject({ path: z.string().min(1).max(4096) });

/** A file to open in its default app; only the file the last export wrote is opened. */
export const openFileSchema = z.strictObject({ path: z.string().min(1).max(4096) });

/** A currency's payouts of a period, as a ledger file of `format` (L3). */
export const ledgerExportSchema = z
  .strictObject({
    format: z.enum(LEDGER_FORMATS),
    currency: currencyCodeSchema,
    from: filterDaySchema,
    to: filterDaySchema,
    split: z.enum(LEDGER_SPLITS).optional(),
  })
  .refine((r) => r.from <= r.to, { message: 'the end date is before the start date', path: ['to'] });
export type LedgerExportQuery = z.output<typeof ledgerExportSchema>;

/** An ECB rates file the user chose (L1): its name and its text, checked whole in the main process. */
export const importRatesSchema = z.strictObject({
  fileName: z.string().min(1).max(255),
  text: z.string().max(MAX_RATES_FILE_BYTES),
});
export type ImportRatesInput = z.output<typeof importRatesSchema>;

/** How payouts are matched to bank lines: days to arrive, the tolerance for fees, the payer's text. */
const matchRules = {
  days: z.number().int().min(0).max(60),
  tolerance: z
    .string()
    .max(20)
    .regex(/^\d+(\.\d+)?$/),
  payer: z.string().max(200).nullable(),
};

/** A bank statement the user chose (L4): its name, its bytes as base64, and how to read and match it. */
export const bankStatementSchema = z.strictObject({
  fileName: z.string().min(1).max(255),
  data: z.string().max(14_000_000),
  currency: currencyCodeSchema.nullable(),
  layout: z
    .strictObject({
      separator: z.enum(STATEMENT_SEPARATORS).optional(),
      decimalComma: z.boolean().optional(),
      dateFormat: z.enum(STATEMENT_DATE_FORMATS).optional(),
      date: z.number().int().min(0).max(200).optional(),
      description: z.number().int().min(0).max(200).optional(),
      amount: z.number().int().min(0).max(200).optional(),
      currency: z.number().int().min(0).max(200).nullable().optional(),
    })
    .optional(),
  ...matchRules,
});
export type BankStatementInput = z.output<typeof bankStatementSchema>;

/** The matching of a statement's days again (L4): its days, currencies and the rules. */
export const bankRangeSchema = z.strictObject({
  from: filterDaySchema,
  to: filterDaySchema,
  currencies: z.array(currencyCodeSchema).min(1).max(50),
  ...matchRules,
});
export type BankRangeInput = z.output<typeof bankRangeSchema>;

/** A match made by hand, or undone (line null), then the matching of those days again (L4). */
export const bankMatchSchema = bankRangeSchema.extend({
  paymentDate: filterDaySchema,
  currency: currencyCodeSchema,
  lineKey: z.string().max(64).nullable(),
});
export type BankMatchInput = z.output<typeof bankMatchSchema>;

/** A calendar month to close or reopen (B2). */
export const monthSchema = z.strictObject({
  month: z
    .string()
    .max(7)
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'must be a month as YYYY-MM' }),
});

/** "The sales behind the over-90-days bucket", today or as of a past moment. */
export const overdueQuerySchema = z.strictObject({ asOf: asOfSchema.optional() });

/** The payment dates a payout report covers, and the past moment it is as of (absent: now). */
export const payoutRangeSchema = z
  .strictObject({
    from: filterDaySchema,
    to: filterDaySchema,
    asOf: asOfSchema.optional(),
  })
  .refine((r) => r.from <= r.to, { message: 'the end date is before the start date', path: ['to'] });
