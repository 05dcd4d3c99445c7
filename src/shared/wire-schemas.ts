/**
 * The service's wire format (spec 2 and 4), parsed with zod. Tolerant where the spec is silent
 * (missing or null fields, unknown categories, extra fields), strict where a wrong value would
 * mislead (a non-numeric amount, a date that is not `dd-mm-yyyy`, an unknown status): such a
 * record becomes a warning instead of a guess.
 */
import { z } from 'zod';
import { serviceDayToIso } from './dates';
import { COMMISSION_STATUSES, PAYMENT_STATUSES, type JsonValue, type Profile, type RecordWarning, type Sale } from './domain';

const optionalText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === '' ? null : String(v)));

const optionalCount = z.unknown().transform((v) => (typeof v === 'number' && Number.isFinite(v) ? v : null));

/** `GET /v1/user/` body; every field optional, unknown fields ignored. */
export const userProfileWireSchema = z.looseObject({
  country: optionalText,
  profile_name: optionalText,
  user_name: optionalText,
  u_id: optionalText,
  email: optionalText,
  description: optionalText,
  is_private: z.unknown().transform((v) => (typeof v === 'boolean' ? v : null)),
  avatar: optionalText,
  cover_image: optionalText,
  statistics: z
    .looseObject({
      followers: optionalCount,
      following: optionalCount,
      product_count: optionalCount,
      collection_count: optionalCount,
    })
    .nullish(),
  social_channels: z.array(z.unknown()).nullish(),
});

const socialChannelSchema = z.object({ channel: z.string(), link: z.string() });

/** Turns a `/v1/user/` body into a {@link Profile}; throws a ZodError when it is not an object at all. */
export function parseProfile(body: unknown): Profile {
  const wire = userProfileWireSchema.parse(body);
  const channels = (wire.social_channels ?? []).flatMap((c) => {
    const parsed = socialChannelSchema.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
  return {
    uId: wire.u_id,
    userName: wire.user_name,
    profileName: wire.profile_name,
    country: wire.country,
    email: wire.email,
    description: wire.description,
    isPrivate: wire.is_private,
    avatar: wire.avatar,
    coverImage: wire.cover_image,
    statistics: {
      followers: wire.statistics?.followers ?? null,
      following: wire.statistics?.following ?? null,
      productCount: wire.statistics?.product_count ?? null,
      collectionCount: wire.statistics?.collection_count ?? null,
    },
    socialChannels: channels,
  };
}

const numberish = z.unknown();

/** The sales report page envelope (spec 4.2). `data` items are parsed one by one. */
export const salesPageWireSchema = z.looseObject({
  status: numberish.optional(),
  message: numberish.optional(),
  current: numberish.optional(),
  start: numberish.optional(),
  end: numberish.optional(),
  limit: numberish.optional(),
  total: numberish.optional(),
  next_page: numberish.optional(),
  data: z.array(z.unknown()),
});

/** A parsed page: sales taken, records refused with reasons, and the hints the server gave. */
export interface ParsedSalesPage {
  sales: Sale[];
  warnings: RecordWarning[];
  rawCount: number;
  /** The server's `total`: an estimate for progress only, never used for correctness. */
  totalHint: number | null;
  /** `next_page` as sent; null when null, empty, absent or not a string. */
  nextPage: string | null;
}

function finiteNumber(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Parses a sales report body; throws a ZodError when the envelope itself has the wrong shape. */
export function parseSalesPage(body: unknown): ParsedSalesPage {
  const wire = salesPageWireSchema.parse(body);
  const sales: Sale[] = [];
  const warnings: RecordWarning[] = [];
  for (const item of wire.data) {
    const result = parseSaleRecord(item);
    if (result.ok) sales.push(result.sale);
    else warnings.push(result.warning);
  }
  const next = typeof wire.next_page === 'string' && wire.next_page.trim() !== '' ? wire.next_page : null;
  return { sales, warnings, rawCount: wire.data.length, totalHint: finiteNumber(wire.total), nextPage: next };
}

const SPEC_SALE_FIELDS = new Set([
  'reference',
  'commission_amount',
  'currency',
  'commission_status',
  'transaction_amount',
  'category',
  'transaction_date',
  'payment_status',
  'payment_date',
  'product_slug',
  'product_name',
  'collection_slug',
  'collection_name',
  'collection_url',
  'subid',
]);

const recordSchema = z.record(z.string(), z.unknown());

function isJsonValue(v: unknown): v is JsonValue {
  if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) return true;
  if (Array.isArray(v)) return v.every(isJsonValue);
  if (typeof v === 'object') return Object.values(v as object).every(isJsonValue);
  return false;
}

function textOrNull(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() === '' ? null : v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

type SaleResult = { ok: true; sale: Sale } | { ok: false; warning: RecordWarning };

function refuse(reference: string | null, reason: string): SaleResult {
  return { ok: false, warning: { reference, reason } };
}

/** Parses one sale record; refuses (with a reason) anything that would put a wrong number or date in front of the user. */
export function parseSaleRecord(raw: unknown): SaleResult {
  const parsed = recordSchema.safeParse(raw);
  if (!parsed.success || Array.isArray(raw)) return refuse(null, 'The record is not an object.');
  const r = parsed.data;
  const reference = textOrNull(r.reference);
  if (reference === null) return refuse(null, 'The record has no reference.');
  const commission = finiteNumber(r.commission_amount);
  if (commission === null) return refuse(reference, 'The commission amount is missing or not a number.');
  const currency = textOrNull(r.currency)?.toUpperCase() ?? null;
  if (currency === null || !/^[A-Z]{3}$/.test(currency)) return refuse(reference, 'The currency is missing or not a 3-letter code.');
  const status = r.commission_status;
  if (typeof status !== 'string' || !(COMMISSION_STATUSES as readonly string[]).includes(status)) {
    return refuse(reference, 'The commission status is missing or unknown.');
  }
  const txDate = typeof r.transaction_date === 'string' ? serviceDayToIso(r.transaction_date) : null;
  if (txDate === null) return refuse(reference, 'The transaction date is missing or not dd-mm-yyyy.');
  let transactionAmount: number | null = null;
  if (r.transaction_amount !== undefined && r.transaction_amount !== null) {
    transactionAmount = finiteNumber(r.transaction_amount);
    if (transactionAmount === null) return refuse(reference, 'The transaction amount is not a number.');
  }
  let paymentStatus: Sale['paymentStatus'] = null;
  if (r.payment_status !== undefined && r.payment_status !== null && r.payment_status !== '') {
    if (typeof r.payment_status !== 'string' || !(PAYMENT_STATUSES as readonly string[]).includes(r.payment_status)) {
      return refuse(reference, 'The payment status is unknown.');
    }
    paymentStatus = r.payment_status as Sale['paymentStatus'];
  }
  let paymentDate: string | null = null;
  if (typeof r.payment_date === 'string' && r.payment_date.trim() !== '') {
    paymentDate = serviceDayToIso(r.payment_date);
    if (paymentDate === null) return refuse(reference, 'The payment date is not dd-mm-yyyy.');
  } else if (r.payment_date !== undefined && r.payment_date !== null && r.payment_date !== '') {
    return refuse(reference, 'The payment date is not dd-mm-yyyy.');
  }
  const extra: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(r)) {
    if (!SPEC_SALE_FIELDS.has(key) && key !== '__proto__' && isJsonValue(value)) extra[key] = value;
  }
  return {
    ok: true,
    sale: {
      reference,
      commissionAmount: commission,
      currency,
      commissionStatus: status as Sale['commissionStatus'],
      transactionAmount,
      category: textOrNull(r.category),
      transactionDate: txDate,
      paymentStatus,
      paymentDate,
      productSlug: textOrNull(r.product_slug),
      productName: textOrNull(r.product_name),
      collectionSlug: textOrNull(r.collection_slug),
      collectionName: textOrNull(r.collection_name),
      collectionUrl: textOrNull(r.collection_url),
      subid: textOrNull(r.subid),
      extra,
    },
  };
}
