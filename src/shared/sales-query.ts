/**
 * The inputs of the cache's query API as zod schemas: they arrive over IPC from the renderer, so every field is
 * checked and bounded here, at the boundary, before any of it reaches SQL or the in-memory index. Shared with the
 * renderer, which builds these queries.
 */
import { z } from 'zod';
import { addDays, isIsoDay, localIsoDay } from './dates';
import { AppError } from './errors';
import {
  DATE_BASES,
  EARLIEST_DAY,
  EARLIEST_FILTER_DAY,
  LATEST_FILTER_DAY,
  SALE_SORT_COLUMNS,
} from './sales-query-values';

export { DATE_BASES, SALE_SORT_COLUMNS, type SaleSortColumn } from './sales-query-values';

/** The last day a sync or a change-log query may name: one year after the user's today. */
export function latestSyncDay(now: Date = new Date()): string {
  return addDays(localIsoDay(now), 366);
}

/** A real day written yyyy-mm-dd, from `earliest` to the day `latest` gives (read at each parse). */
export function isoDayWithin(latest: () => string, latestInWords: string, earliest = EARLIEST_DAY) {
  return z
    .string()
    .length(10, 'must be a day written yyyy-mm-dd')
    .refine(isIsoDay, { message: 'must be a real day written yyyy-mm-dd', abort: true })
    .refine((day) => day >= earliest && day <= latest(), {
      message: `must be a day from ${earliest} to ${latestInWords}`,
    });
}

/** A day of a filter: any day a stored sale can carry (see {@link EARLIEST_FILTER_DAY}). */
export const filterDaySchema = isoDayWithin(() => LATEST_FILTER_DAY, LATEST_FILTER_DAY, EARLIEST_FILTER_DAY);
const isoDay = filterDaySchema;
const value = z.string().min(1).max(200);
/** A list of values to match; `null` matches sales where the field is absent. */
const valueList = z.array(value.nullable()).min(1).max(500);

/** Statuses to match: the spec's, or any other the service sent (kept verbatim, matched as their own text). */
const statusList = z.array(value).min(1).max(50);

/** Filters shared by every query. Absent fields do not filter; lists match any of their values. */
export const salesFilterSchema = z
  .strictObject({
    from: isoDay.optional(),
    to: isoDay.optional(),
    dateBasis: z.enum(DATE_BASES).optional(),
    commissionStatuses: statusList.optional(),
    /** Payment statuses; `none` matches sales without one. */
    paymentStatuses: statusList.optional(),
    subids: valueList.optional(),
    categories: valueList.optional(),
    currencies: z
      .array(
        z
          .string()
          .length(3)
          .regex(/^[A-Z]{3}$/),
      )
      .min(1)
      .max(200)
      .optional(),
    /** Collection slugs. */
    collections: valueList.optional(),
    /** Product slugs. */
    products: valueList.optional(),
    /** Words that must each start a word of the reference, product name, collection name or subid. */
    text: z.string().max(200).optional(),
    /** Also match sales the service no longer reports (kept for audit, left out of results and totals by default). */
    includeNoLongerReported: z.boolean().optional(),
  })
  .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, {
    message: 'the end date is before the start date',
    path: ['to'],
  });
export type SalesFilter = z.infer<typeof salesFilterSchema>;

/** A sort order; `desc` reverses the whole order, tie-breaker included, so paging backwards mirrors paging forwards. */
export const salesSortSchema = z.strictObject({
  column: z.enum(SALE_SORT_COLUMNS),
  direction: z.enum(['asc', 'desc']),
});
export type SalesSort = z.infer<typeof salesSortSchema>;

const defaultSort: SalesSort = { column: 'transactionDate', direction: 'desc' };

/** Which sales, in which order: what a table window and an export both read. */
export const salesSelectionSchema = z.strictObject({
  filter: salesFilterSchema.default({}),
  sort: salesSortSchema.default(defaultSort),
});
export type SalesSelection = z.infer<typeof salesSelectionSchema>;

/** One window of rows of a selection for a virtualized table: any offset is as cheap as the first. */
export const salesPageQuerySchema = salesSelectionSchema.extend({
  offset: z.number().int().min(0).max(1_000_000_000),
  limit: z.number().int().min(1).max(1000),
});
export type SalesPageQuery = z.infer<typeof salesPageQuerySchema>;

/** Totals per period; the period follows the filter's date basis. */
export const seriesQuerySchema = z.strictObject({
  filter: salesFilterSchema.default({}),
  interval: z.enum(['day', 'week', 'month']),
});
export type SeriesQuery = z.infer<typeof seriesQuerySchema>;

/** The best collections, products or subids by commission, per currency. */
export const topQuerySchema = z.strictObject({
  filter: salesFilterSchema.default({}),
  dimension: z.enum(['collection', 'product', 'subid']),
  limit: z.number().int().min(1).max(100).default(10),
});
export type TopQuery = z.infer<typeof topQuerySchema>;

/** An instant from the start of 1970 ("every change") to a year from today. */
const changesSince = z
  .string()
  .max(40)
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: 'must be an ISO date-time', abort: true })
  .refine((s) => Date.parse(s) >= 0 && Date.parse(s) <= Date.now() + 366 * 86_400_000, {
    message: 'must be an instant from 1970 to one year from today',
  });

/** Changes seen after an instant; without `since`, those since the start of the last completed sync. */
export const changesQuerySchema = z.strictObject({
  since: changesSince.optional(),
  limit: z.number().int().min(1).max(10_000).default(1000),
});
export type ChangesQuery = z.input<typeof changesQuerySchema>;

/** One sale's history: the changes the cache saw of the sale with this reference. */
export const saleHistoryQuerySchema = z.strictObject({ reference: z.string().min(1).max(500) });
export type SaleHistoryQuery = z.input<typeof saleHistoryQuerySchema>;

/**
 * Parses `input` with `schema`, turning a failure into an INVALID_INPUT AppError whose message names the field and
 * the problem, so the UI (or a developer) can act on it.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
  throw new AppError('INVALID_INPUT', `The ${what} is not valid${where}: ${issue?.message ?? 'unknown problem'}.`);
}
