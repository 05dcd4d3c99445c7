/**
 * The fault knobs of the fake service: what can go wrong, described as data so tests set them directly and
 * the CLI accepts them as JSON (parsed with zod: the control channel is a trust boundary like any other).
 *
 * Three kinds of knobs:
 * - transport faults (a status, a reset, a stalled or trickling body, bad JSON), scheduled one-shot in `next`
 *   (optionally for one page or route) or drawn at seeded random rates;
 * - page shaping (how the last page is marked, repeated or over-full pages, defective records, an end bound read as
 *   exclusive, a `next_page` dropped early), applied to the spec service's own 200 answers;
 * - data changes while a report is walked (T9): statuses changed, sales removed, late sales added, sales
 *   moved to another day, applied just before a chosen page is answered.
 */
import { z } from 'zod';

/** A fault on the way out: replaces or damages the spec service's answer. */
export const transportFaultSchema = z.discriminatedUnion('kind', [
  /**
   * Answer this status with a spec-like body `{status, message}`; `retryAfter` is the raw header value and
   * `bodyStatus` puts another status in the body (an API that answers 200 with an error inside).
   */
  z.object({
    kind: z.literal('status'),
    status: z.number().int().min(200).max(599),
    retryAfter: z.string().optional(),
    message: z.string().optional(),
    bodyStatus: z.number().int().min(100).max(599).optional(),
  }),
  /** Close the connection before answering. */
  z.object({ kind: z.literal('reset') }),
  /** Send the headers and half the body, then close the connection. */
  z.object({ kind: z.literal('reset-mid-body') }),
  /** Send the headers and a few bytes, then nothing until the client gives up. */
  z.object({ kind: z.literal('stall') }),
  /** Send the body one byte per `intervalMs` (default 50). */
  z.object({ kind: z.literal('trickle'), intervalMs: z.number().int().min(1).max(60_000).optional() }),
  /** 200 with a body that is not valid JSON. */
  z.object({ kind: z.literal('malformed-json') }),
  /** 200 with valid JSON of the wrong shape (`data` is not a list). */
  z.object({ kind: z.literal('wrong-shape') }),
  /** 200 with an HTML page, as from a captive portal or a proxy's error page. */
  z.object({ kind: z.literal('html-page') }),
  /** 200 with no body at all. */
  z.object({ kind: z.literal('empty-body') }),
  /** 200 with a JSON page that never ends: rows are written until the client goes away (S13). */
  z.object({ kind: z.literal('endless-body') }),
  /** 200 with a page whose only row is a list nested `levels` deep (S13). */
  z.object({ kind: z.literal('deep-json'), levels: z.number().int().min(1).max(10_000_000) }),
  /** 200 with a page of `rows` distinct, valid rows, whatever `limit` asked for (S13). */
  z.object({ kind: z.literal('many-rows'), rows: z.number().int().min(1).max(1_000_000) }),
  /** A redirect to `location` (another host, or plain http:), with a short body (S11). */
  z.object({
    kind: z.literal('redirect'),
    status: z.union([z.literal(301), z.literal(302), z.literal(303), z.literal(307), z.literal(308)]),
    location: z.string(),
  }),
]);
export type TransportFault = z.infer<typeof transportFaultSchema>;

/** A one-shot fault, used by the first request it matches. */
export const scheduledFaultSchema = z.object({
  fault: transportFaultSchema,
  /** Only for this report page. */
  page: z.number().int().min(1).optional(),
  /** Only for this endpoint. */
  route: z.enum(['user', 'report']).optional(),
});
export type ScheduledFault = z.infer<typeof scheduledFaultSchema>;

/** Ways a single record can be wrong (N5). */
export const RECORD_DEFECTS = [
  'string-amount',
  'missing-amount',
  'bad-date',
  'bad-payment-date',
  'missing-reference',
  'unknown-status',
  'missing-optional-fields',
  'null-optional-fields',
  'unknown-category',
  'extra-fields',
  'not-an-object',
  /** A field nested deeper than any reply may be (R5). */
  'too-deep',
  /** A field of text as large as `oversizedBytes` (R5). */
  'oversized',
] as const;
export type RecordDefect = (typeof RECORD_DEFECTS)[number];

/** How the last page says "no more" (N6). `empty-page`: next_page is always set; an empty page ends. */
export const END_OF_PAGES = ['null', 'empty-string', 'absent', 'empty-page'] as const;
export type EndOfPages = (typeof END_OF_PAGES)[number];

const rate = z.number().min(0).max(1);
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One change to the service's data, in its own wire terms. */
export const saleMutationSchema = z.discriminatedUnion('kind', [
  /** Sets fields of the records with this reference (statuses, payment date, …). */
  z.object({ kind: z.literal('set'), reference: z.string().min(1), fields: z.record(z.string(), z.unknown()) }),
  /** Moves the records with this reference to another transaction day (yyyy-mm-dd). */
  z.object({ kind: z.literal('move'), reference: z.string().min(1), toDay: isoDay }),
  /** Removes the records with this reference: the service no longer reports the sale. */
  z.object({ kind: z.literal('remove'), reference: z.string().min(1) }),
  /** Adds a record: a late sale, or a second, different copy of an existing reference. */
  z.object({ kind: z.literal('add'), record: z.record(z.string(), z.unknown()) }),
]);
export type SaleMutation = z.infer<typeof saleMutationSchema>;

/** Data changes applied once, just before the first report request for `page` (and `startDay`, when given) is answered. */
export const scheduledDataChangeSchema = z.object({
  page: z.number().int().min(1),
  /** Only for a request whose `start_date` falls on this day. */
  startDay: isoDay.optional(),
  changes: z.array(saleMutationSchema).min(1),
});

/** A token-bucket rate limit on report requests: `rate` per second, `burst` at once; 429 beyond it. */
export const tokenBucketSchema = z.strictObject({
  rate: z.number().positive().max(100_000),
  burst: z.number().int().min(1).max(100_000),
  /** Send `Retry-After` (whole seconds until the next token, at least 1) with each 429. */
  retryAfter: z.boolean().default(false),
});
export type TokenBucketSettings = z.output<typeof tokenBucketSchema>;

/** Every knob, with its default; unknown knobs are refused so a typo cannot silently test nothing. */
export const faultSettingsSchema = z.strictObject({
  /** Delay before every answer, in ms. */
  latencyMs: z.number().int().min(0).max(600_000).default(0),
  /** One-shot faults, consumed in order by the first request each matches. */
  next: z.array(scheduledFaultSchema).default([]),
  /** Seed of the random faults below, so a run can be repeated. */
  seed: z.number().int().default(1),
  /** Share of report requests answered with one of `serverErrorStatuses`. */
  serverErrorRate: rate.default(0),
  serverErrorStatuses: z.array(z.number().int().min(500).max(599)).min(1).default([500, 502, 503, 504]),
  /** Share of report requests answered 429, with `rateLimitRetryAfter` as the header when set. */
  rateLimitRate: rate.default(0),
  rateLimitRetryAfter: z.string().nullable().default(null),
  /** A rate limit the service does not announce; null for none. */
  tokenBucket: tokenBucketSchema.nullable().default(null),
  /** Share of report requests whose connection is closed before answering. */
  resetRate: rate.default(0),
  endOfPages: z.enum(END_OF_PAGES).default('null'),
  /** Pages that answer with the rows of the page before them (a server that repeats a page). */
  repeatPages: z.array(z.number().int().min(2)).default([]),
  /** Every page answers as page 1 (a server that ignores `page`). */
  ignorePage: z.boolean().default(false),
  /** next_page names the current page again instead of the next one. */
  nextPageStuck: z.boolean().default(false),
  /** This page carries `extra` more rows than `limit` (the first rows of the next page). */
  overfill: z
    .object({ page: z.number().int().min(1), extra: z.number().int().min(1).max(100) })
    .nullable()
    .default(null),
  /** The report's `total` says this instead of the truth (the client must treat it as an estimate only). */
  totalOverride: z.number().int().min(0).nullable().default(null),
  /** Defects applied to the records with these references whenever they are served. */
  recordDefects: z.record(z.string(), z.enum(RECORD_DEFECTS)).default({}),
  /** Characters of the text field an `oversized` record carries. */
  oversizedBytes: z
    .number()
    .int()
    .min(1)
    .max(64 * 1024 * 1024)
    .default(17 * 1024 * 1024),
  /** The day of `end_date` is excluded, as by a server that reads the end bound as exclusive. */
  exclusiveEnd: z.boolean().default(false),
  /** These pages answer `next_page: null` even when more rows follow (the `total` still counts them). */
  nextPageNullAt: z.array(z.number().int().min(1)).default([]),
  /** Changes to the data while a report is walked, one-shot, consumed in order by the first request each matches. */
  dataChanges: z.array(scheduledDataChangeSchema).default([]),
  /**
   * The report answers 405 to GET and reads its parameters from a JSON body sent with POST (the spec does not name the
   * report's method).
   */
  reportByPost: z.boolean().default(false),
});
export type FaultSettings = z.output<typeof faultSettingsSchema>;
/** A change to some knobs; the others keep their values. */
export type FaultPatch = Partial<FaultSettings>;

/** The knobs with no fault at all. */
export function noFaults(): FaultSettings {
  return faultSettingsSchema.parse({});
}

/** A `Retry-After` value in seconds. */
export function retryAfterSeconds(seconds: number): string {
  return String(Math.max(0, Math.round(seconds)));
}

/** A `Retry-After` value as an HTTP-date (IMF-fixdate), e.g. "Thu, 01 Jan 2026 00:00:05 GMT". */
export function retryAfterDate(at: Date | number): string {
  return new Date(at).toUTCString();
}

/** `count` copies of one scheduled fault: a burst. */
export function burst(
  count: number,
  fault: TransportFault,
  where: Omit<ScheduledFault, 'fault'> = {},
): ScheduledFault[] {
  return Array.from({ length: count }, () => ({ fault, ...where }));
}

/** Levels of the `too-deep` defect's field: beyond the most a reply may nest. */
const TOO_DEEP_LEVELS = 1_000;

function nested(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < levels; level++) value = { level: value };
  return value;
}

/** Breaks one wire record the way `defect` says (`size`: characters of an `oversized` field); the input is not changed. */
export function applyRecordDefect(record: Record<string, unknown>, defect: RecordDefect, size = 0): unknown {
  const copy: Record<string, unknown> = { ...record };
  switch (defect) {
    case 'string-amount':
      copy.commission_amount = `${String(record.commission_amount).replace('.', ',')} EUR`;
      return copy;
    case 'missing-amount':
      delete copy.commission_amount;
      return copy;
    case 'bad-date':
      copy.transaction_date = '2026/13/45';
      return copy;
    case 'bad-payment-date':
      copy.payment_status = 'paid';
      copy.payment_date = 'yesterday';
      return copy;
    case 'missing-reference':
      delete copy.reference;
      return copy;
    case 'unknown-status':
      copy.commission_status = 'on_hold';
      return copy;
    case 'missing-optional-fields':
      for (const key of [
        'transaction_amount',
        'category',
        'payment_status',
        'payment_date',
        'product_slug',
        'product_name',
        'collection_slug',
        'collection_name',
        'collection_url',
        'subid',
      ])
        delete copy[key];
      return copy;
    case 'null-optional-fields':
      for (const key of [
        'transaction_amount',
        'category',
        'payment_status',
        'payment_date',
        'product_slug',
        'product_name',
        'collection_slug',
        'collection_name',
        'collection_url',
        'subid',
      ])
        copy[key] = null;
      return copy;
    case 'unknown-category':
      copy.category = 'mystery-box';
      return copy;
    case 'extra-fields':
      copy.campaign = { id: 'spring-2026', tags: ['a', 'b'] };
      copy.click_id = 12345;
      return copy;
    case 'not-an-object':
      return `corrupted ${String(record.reference)}`;
    case 'too-deep':
      copy.trace = nested(TOO_DEEP_LEVELS);
      return copy;
    case 'oversized':
      copy.blob = 'x'.repeat(size);
      return copy;
  }
}
