/**
 * The service's wire format (spec 2 and 4), parsed with zod. The envelopes are checked here; the records of a sales
 * page are read one by one (`wire-sale-record.ts`), so one unreadable record is a warning and never costs the page:
 * every record is kept with what can be read, and only one without a reference or a usable date is left out.
 */
import { z } from 'zod';
import type { Profile, RecordWarning, Sale } from './domain';
import { parseSaleRecord, type SaleResult } from './wire-sale-record';

export { SET_ASIDE_KEY, parseSaleRecord } from './wire-sale-record';

const optionalText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === '' ? null : String(v)));

// `.optional()` first: without it zod refuses a body that leaves the key out, though every field here may be absent.
const optionalCount = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'number' && Number.isFinite(v) ? v : null));

/** `GET /v1/user/` body; every field optional, unknown fields ignored. */
export const userProfileWireSchema = z.looseObject({
  country: optionalText,
  profile_name: optionalText,
  user_name: optionalText,
  u_id: optionalText,
  email: optionalText,
  description: optionalText,
  is_private: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'boolean' ? v : null)),
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

const PROFILE_FIELDS = Object.keys(userProfileWireSchema.shape);

/**
 * Turns a `/v1/user/` body into a {@link Profile}. Any field may be missing, but an object with none of them is some
 * other answer (a proxy's, an envelope), not a profile: that, or a body that is not an object, throws.
 */
export function parseProfile(body: unknown): Profile {
  const wire = userProfileWireSchema.parse(body);
  const sent = body as Record<string, unknown>;
  if (!PROFILE_FIELDS.some((field) => Object.hasOwn(sent, field) && sent[field] !== undefined))
    throw new Error('The body carries none of the profile fields.');
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

/** A parsed page: the sales kept (each with its notices), the records that could not be stored, and the server's hints. */
export interface ParsedSalesPage {
  sales: Sale[];
  /** Records that could not be stored: when not empty, the page was not wholly stored and its period is not complete. */
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

/** One record, with any failure of its own turned into a warning so that it cannot take the page with it. */
function readRecord(item: unknown): SaleResult {
  try {
    return parseSaleRecord(item);
  } catch (error) {
    const reference =
      item !== null && typeof item === 'object' && 'reference' in item && typeof item.reference === 'string'
        ? item.reference.slice(0, 500)
        : null;
    return {
      ok: false,
      warning: {
        reference,
        reason: `The record could not be read (${error instanceof Error ? error.message : 'unknown error'}); it was not stored.`,
      },
    };
  }
}

/** Parses a sales report body; throws a ZodError when the envelope itself has the wrong shape. */
export function parseSalesPage(body: unknown): ParsedSalesPage {
  const wire = salesPageWireSchema.parse(body);
  const sales: Sale[] = [];
  const warnings: RecordWarning[] = [];
  for (const item of wire.data) {
    const result = readRecord(item);
    if (result.ok) sales.push(result.sale);
    else warnings.push(result.warning);
  }
  const next = typeof wire.next_page === 'string' && wire.next_page.trim() !== '' ? wire.next_page : null;
  return { sales, warnings, rawCount: wire.data.length, totalHint: finiteNumber(wire.total), nextPage: next };
}
