/**
 * The sales report's parameters (spec 4.2), validated before any request is sent so a bad filter becomes a
 * clear message naming the field instead of a 400 from the service, and encoded so any `subid` (spaces, `&`,
 * `#`, `+`, non-ASCII) reaches the service exactly as typed.
 */
import { z } from 'zod';
import { isIsoDay } from '../../shared/dates';
import { COMMISSION_STATUS_FILTERS, ORDER_BY_VALUES, PAYMENT_STATUS_FILTERS } from '../../shared/domain';
import { AppError } from '../../shared/errors';

/** Largest page the service serves (spec 8). */
export const MAX_PAGE_LIMIT = 100;
/** Longest sub-affiliate id accepted; far above any real one, short enough to keep URLs sane. */
export const MAX_SUBID_LENGTH = 200;

const isoDay = (label: string) =>
  z
    .string({ error: `${label} is missing` })
    .refine(isIsoDay, { message: `${label} must be a real calendar day written yyyy-mm-dd` });

const choice = <T extends readonly [string, ...string[]]>(values: T, label: string, note = '') =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}${note}` });

const CONTROL_CHARACTERS = /[\p{Cc}]/u;

/** The filters of a sales report, in the user's calendar days. */
export const salesFilterSchema = z
  .object({
    startDate: isoDay('The start date'),
    endDate: isoDay('The end date'),
    orderBy: choice(ORDER_BY_VALUES, 'The order').default('transaction_date'),
    commissionStatus: choice(
      COMMISSION_STATUS_FILTERS,
      'The commission status filter',
      ' (the service cannot filter by “declined”; filter the fetched sales instead)',
    ).default('all'),
    paymentStatus: choice(PAYMENT_STATUS_FILTERS, 'The payment status filter').default('all'),
    subid: z
      .string({ error: 'The sub-affiliate ID must be text' })
      .min(1, { error: 'The sub-affiliate ID is empty: leave it out to see every sub-affiliate' })
      .max(MAX_SUBID_LENGTH, { error: `The sub-affiliate ID is longer than ${MAX_SUBID_LENGTH} characters` })
      .refine((s) => !CONTROL_CHARACTERS.test(s), {
        error: 'The sub-affiliate ID contains a line break or control character',
      })
      .optional(),
  })
  .refine((f) => f.startDate <= f.endDate, { message: 'The end date is before the start date', path: ['endDate'] });

/** What callers pass: dates required, everything else defaulted. */
export type SalesFilter = z.input<typeof salesFilterSchema>;
/** A filter after validation, with defaults filled in. */
export type ParsedSalesFilter = z.output<typeof salesFilterSchema>;

/** One page request. */
export const salesPageRequestSchema = z.object({
  page: z
    .number({ error: 'The page must be a number' })
    .int({ error: 'The page must be a whole number' })
    .min(1, { error: 'The page must be 1 or more (the first page is 1)' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'The page number is too large' }),
  limit: z
    .number({ error: 'The page size must be a number' })
    .int({ error: 'The page size must be a whole number' })
    .min(1, { error: `The page size must be from 1 to ${MAX_PAGE_LIMIT}` })
    .max(MAX_PAGE_LIMIT, { error: `The page size must be from 1 to ${MAX_PAGE_LIMIT}` }),
});
export type SalesPageRequest = z.infer<typeof salesPageRequestSchema>;

function invalid(error: z.ZodError): AppError {
  const issue = error.issues[0];
  return new AppError('INVALID_INPUT', `The report request is not valid: ${issue?.message ?? 'unknown problem'}.`);
}

/** Validates a filter; throws INVALID_INPUT naming the bad field. */
export function parseSalesFilter(filter: SalesFilter): ParsedSalesFilter {
  const parsed = salesFilterSchema.safeParse(filter);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

/** Validates a page request; throws INVALID_INPUT (limit 0 or 101, page 0, fractions). */
export function parseSalesPageRequest(page: SalesPageRequest): SalesPageRequest {
  const parsed = salesPageRequestSchema.safeParse(page);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

/**
 * Percent-encodes a query value completely: spaces as %20 (never `+`, which some servers read as a plus),
 * and `&`, `#`, `+`, `=` and non-ASCII as UTF-8 escapes, so every server decoder reads the same text back.
 */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The query parameters of one report page, in the service's names and formats (dates without a zone). */
export function salesQueryParams(filter: ParsedSalesFilter, page: SalesPageRequest): [string, string][] {
  const params: [string, string][] = [
    ['page', String(page.page)],
    ['limit', String(page.limit)],
    ['start_date', `${filter.startDate}T00:00:00`],
    ['end_date', `${filter.endDate}T23:59:59`],
    ['order_by', filter.orderBy],
    ['commission_status', filter.commissionStatus],
    ['payment_status', filter.paymentStatus],
  ];
  if (filter.subid !== undefined) params.push(['subid', filter.subid]);
  return params;
}

/** Builds the report URL for one page; start and end cover whole calendar days of the user. */
export function buildSalesUrl(baseUrl: string, filter: ParsedSalesFilter, page: SalesPageRequest): string {
  const checked = parseSalesPageRequest(page);
  const query = salesQueryParams(filter, checked)
    .map(([name, value]) => `${name}=${encodeQueryValue(value)}`)
    .join('&');
  return `${baseUrl}/v1/report/sales?${query}`;
}
