/**
 * The sales report's parameters (spec 4.2), validated before any request is sent so a bad filter
 * becomes a clear message instead of a 400 from the service.
 */
import { z } from 'zod';
import { isIsoDay } from '../../shared/dates';
import { COMMISSION_STATUS_FILTERS, ORDER_BY_VALUES, PAYMENT_STATUS_FILTERS } from '../../shared/domain';
import { AppError } from '../../shared/errors';

const isoDay = z.string().refine(isIsoDay, { message: 'must be a real day written yyyy-mm-dd' });

/** The filters of a sales report, in the user's calendar days. */
export const salesFilterSchema = z
  .object({
    startDate: isoDay,
    endDate: isoDay,
    orderBy: z.enum(ORDER_BY_VALUES).default('transaction_date'),
    commissionStatus: z.enum(COMMISSION_STATUS_FILTERS).default('all'),
    paymentStatus: z.enum(PAYMENT_STATUS_FILTERS).default('all'),
    subid: z.string().min(1).max(200).optional(),
  })
  .refine((f) => f.startDate <= f.endDate, { message: 'the end date is before the start date', path: ['endDate'] });
export type SalesFilter = z.input<typeof salesFilterSchema>;
export type ParsedSalesFilter = z.output<typeof salesFilterSchema>;

/** One page request. */
export const salesPageRequestSchema = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1).max(100),
});
export type SalesPageRequest = z.infer<typeof salesPageRequestSchema>;

function invalid(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')} ` : '';
  return new AppError('INVALID_INPUT', `The report filter is not valid: ${where}${issue?.message ?? 'unknown problem'}.`);
}

/** Validates a filter; throws INVALID_INPUT naming the bad field. */
export function parseSalesFilter(filter: SalesFilter): ParsedSalesFilter {
  const parsed = salesFilterSchema.safeParse(filter);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

/** Builds the report URL for one page; start and end cover whole calendar days. */
export function buildSalesUrl(baseUrl: string, filter: ParsedSalesFilter, page: SalesPageRequest): string {
  const checked = salesPageRequestSchema.safeParse(page);
  if (!checked.success) throw invalid(checked.error);
  const params = new URLSearchParams({
    page: String(page.page),
    limit: String(page.limit),
    start_date: `${filter.startDate}T00:00:00`,
    end_date: `${filter.endDate}T23:59:59`,
    order_by: filter.orderBy,
    commission_status: filter.commissionStatus,
    payment_status: filter.paymentStatus,
  });
  if (filter.subid !== undefined) params.set('subid', filter.subid);
  return `${baseUrl}/v1/report/sales?${params.toString()}`;
}
