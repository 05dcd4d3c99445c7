/**
 * Generated data for the simulated reporting service: the affiliate's profile and their sales, exactly as the
 * service would send them (spec 2.1 and 2.2). Deterministic from a seed so the demo, the tests and the
 * benchmarks see the same records on every run, and fast enough to produce 1,000,000 sales in a few seconds.
 */
import { addDays, isIsoDay, isoDayToService } from '../../shared/dates';
import { createRandom, hashSeed, type Random } from './random';
import type { Sale } from '../../shared/domain';
import { parseSaleRecord } from '../../shared/wire-sale-record';

/**
 * One sale record as the service sends it (spec 2.2): snake_case, dates `dd-mm-yyyy`. Optional fields may be
 * absent or null, and extra fields are allowed, because the client must survive both.
 */
export interface WireSale {
  reference: string;
  commission_amount: number;
  currency: string;
  commission_status: string;
  transaction_amount: number;
  category: string;
  transaction_date: string;
  payment_status: string;
  payment_date?: string | null;
  product_slug?: string | null;
  product_name?: string | null;
  collection_slug?: string | null;
  collection_name?: string | null;
  collection_url?: string | null;
  subid?: string | null;
  [key: string]: unknown;
}

/** A social channel of the profile (spec 2.1); the allowed channel names are not documented. */
export interface WireSocialChannel {
  channel: string;
  link: string;
}

/** The `/v1/user/` body as the service sends it (spec 2.1), so the demo can answer the sign-in probe. */
export interface WireProfile {
  country: string;
  profile_name: string;
  user_name: string;
  u_id: string;
  email: string;
  description: string;
  is_private: boolean;
  avatar: string;
  cover_image: string;
  statistics: { followers: number; following: number; product_count: number; collection_count: number };
  social_channels: WireSocialChannel[];
}

/** What a generated dataset looks like; the same options always give the same sales. */
export interface DatasetOptions {
  seed: number;
  count: number;
  /** ISO `yyyy-mm-dd`, the last day covered. */
  endDay: string;
  /** Span length in days, ending at (and including) `endDay`. */
  days: number;
}

interface Collection {
  slug: string;
  name: string;
  url: string;
}

interface Product {
  slug: string;
  name: string;
  collection: Collection;
}

const COLLECTION_NAMES: readonly (readonly [string, string])[] = [
  ['Summer Essentials', 'summer-essentials'],
  ['Home Office', 'home-office'],
  ['Trail Running', 'trail-running'],
  ['Kitchen Upgrades', 'kitchen-upgrades'],
  ['Café & Crème', 'cafe-creme'],
  ['Desk Setup', 'desk-setup'],
  ['Travel Light', 'travel-light'],
  ['Kids Room', 'kids-room'],
  ['Garden Tools', 'garden-tools'],
  ['Self Care', 'self-care'],
  ['Rainy Day Reads', 'rainy-day-reads'],
  ['Gaming Nook', 'gaming-nook'],
  ['Pet Favourites', 'pet-favourites'],
  ['Fitness at Home', 'fitness-at-home'],
  ['Camping Gear', 'camping-gear'],
  ['Baby Steps', 'baby-steps'],
  ['Winter Warmers', 'winter-warmers'],
  ['Photography Kit', 'photography-kit'],
  ['Music Studio', 'music-studio'],
  ['Smart Home', 'smart-home'],
];

const ADJECTIVES = [
  'Classic',
  'Compact',
  'Deluxe',
  'Eco',
  'Foldable',
  'Nordic',
  'Pro',
  'Retro',
  'Silent',
  'Smart',
  'Ultra',
  'Wireless',
];
const NOUNS = [
  'Backpack',
  'Blender',
  'Desk Lamp',
  'Headphones',
  'Kettle',
  'Lamp "Aurora"',
  'Mug, 350 ml',
  'Notebook',
  'Speaker',
  'Tent',
  'Thermos',
  'Watch',
  'Yoga Mat',
  'Jacket',
  'Camera Strap',
];

const COLLECTIONS: readonly Collection[] = COLLECTION_NAMES.map(([name, slug]) => ({
  name,
  slug,
  url: `https://shop.commission-desk.invalid/collections/${slug}`,
}));

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** 60 products: 12 adjectives x 15 nouns walked together give 60 distinct pairs (lcm of 12 and 15). */
const PRODUCTS: readonly Product[] = Array.from({ length: 60 }, (_, k) => {
  const name = `${ADJECTIVES[k % ADJECTIVES.length]} ${NOUNS[k % NOUNS.length]}`;
  const collection = COLLECTIONS[k % COLLECTIONS.length] as Collection;
  return { name, slug: `p${String(k + 1).padStart(4, '0')}-${slugify(name)}`, collection };
});

/** Sub-affiliate ids; one carries a space, `&`, `+` and a non-ASCII letter to exercise URL encoding. */
const SUBIDS = ['newsletter', 'instagram-bio', 'yt_review_2025', 'tiktok', 'pinterest', 'blog post & deals+ü'];

interface SaleContext {
  random: Random;
  /** Service-format day (`dd-mm-yyyy`) of every day index of the span. */
  calendar: readonly string[];
  tag: string;
  width: number;
}

function validateOptions(options: DatasetOptions): void {
  if (!Number.isFinite(options.seed)) throw new RangeError('seed must be a finite number.');
  if (!Number.isInteger(options.count) || options.count < 0) throw new RangeError('count must be an integer >= 0.');
  if (!Number.isInteger(options.days) || options.days < 1) throw new RangeError('days must be an integer >= 1.');
  if (!isIsoDay(options.endDay)) throw new RangeError('endDay must be an ISO day yyyy-mm-dd.');
}

function buildCalendar(endDay: string, days: number): string[] {
  const first = addDays(endDay, -(days - 1));
  return Array.from({ length: days }, (_, i) => isoDayToService(addDays(first, i)));
}

/** Draws a day per sale (denser towards the end, like a growing account) and counting-sorts them. */
function sortedDayIndexes(random: Random, count: number, days: number): Int32Array {
  const perDay = new Int32Array(days);
  for (let i = 0; i < count; i++) {
    const day = Math.min(days - 1, Math.floor(Math.sqrt(random.next()) * days));
    perDay[day] = (perDay[day] ?? 0) + 1;
  }
  const sorted = new Int32Array(count);
  let at = 0;
  perDay.forEach((n, day) => {
    sorted.fill(day, at, at + n);
    at += n;
  });
  return sorted;
}

function pickCurrency(random: Random): string {
  const u = random.next();
  return u < 0.5 ? 'EUR' : u < 0.8 ? 'USD' : 'GBP';
}

function pickCategory(random: Random): string {
  const u = random.next();
  return u < 0.4 ? 'product' : u < 0.65 ? 'offer' : u < 0.85 ? 'coupon' : 'referral';
}

/** Recent sales are mostly still pending; older ones have mostly been decided. */
function pickCommissionStatus(random: Random, ageDays: number): string {
  const pending = ageDays < 30 ? 0.65 : ageDays < 90 ? 0.25 : 0.05;
  const u = random.next();
  return u < pending ? 'pending' : u < pending + 0.15 ? 'declined' : 'approved';
}

/** An unpaid sale's payment_date, in each of the shapes a real service might use for "none". */
function unpaidDate(random: Random): { payment_date?: string | null } {
  const u = random.next();
  return u < 0.5 ? {} : u < 0.8 ? { payment_date: null } : { payment_date: '' };
}

type Payment = { payment_status: string; payment_date?: string | null };

/** Only approved sales get paid, 15-60 days after the sale and never after the last day of the span. */
function payment(random: Random, context: SaleContext, status: string, day: number): Payment {
  if (status === 'approved') {
    const paidOn = day + random.int(15, 60);
    if (paidOn < context.calendar.length && random.chance(0.95)) {
      return { payment_status: 'paid', payment_date: context.calendar[paidOn] as string };
    }
  }
  return { payment_status: 'pending', ...unpaidDate(random) };
}

/** About 1% of records lack optional fields in the ways the spec leaves open. */
function dropOptionalFields(random: Random, sale: WireSale): void {
  const variant = random.int(0, 3);
  if (variant === 0 || variant === 3) delete sale.product_name;
  if (variant === 1 || variant === 3) sale.product_slug = null;
  if (variant === 2 || variant === 3) {
    delete sale.collection_slug;
    delete sale.collection_name;
    delete sale.collection_url;
  }
}

function amounts(random: Random): { transaction: number; commission: number } {
  const cents = random.int(500, 50_000);
  const rateBasisPoints = random.int(200, 1500);
  return { transaction: cents / 100, commission: Math.round((cents * rateBasisPoints) / 10_000) / 100 };
}

function makeSale(context: SaleContext, position: number, day: number): WireSale {
  const { random } = context;
  const product = random.pick(PRODUCTS);
  const money = amounts(random);
  const status = pickCommissionStatus(random, context.calendar.length - 1 - day);
  const sale: WireSale = {
    reference: `S-${String(position + 1).padStart(context.width, '0')}-${context.tag}`,
    commission_amount: money.commission,
    currency: pickCurrency(random),
    commission_status: status,
    transaction_amount: money.transaction,
    category: pickCategory(random),
    transaction_date: context.calendar[day] as string,
    ...payment(random, context, status, day),
    product_slug: product.slug,
    product_name: product.name,
    collection_slug: product.collection.slug,
    collection_name: product.collection.name,
    collection_url: product.collection.url,
  };
  if (random.chance(0.8)) sale.subid = random.pick(SUBIDS);
  if (random.chance(0.01)) dropOptionalFields(random, sale);
  return sale;
}

/**
 * Generates `count` sales spread over the span, sorted ascending by transaction date and then by reference
 * (references carry a zero-padded running number, so both orders agree). The spec service relies on this order
 * for its binary search.
 */
export function generateSales(options: DatasetOptions): WireSale[] {
  const [sales] = generateSalePages(options, Math.max(1, options.count));
  return sales ?? [];
}

/** Generated wire records parsed as the sync parses a page; records the parser refuses are left out. */
export function parseGeneratedPage(wire: readonly WireSale[]): Sale[] {
  return wire.flatMap((record) => {
    const parsed = parseSaleRecord(record);
    return parsed.ok ? [parsed.sale] : [];
  });
}

/**
 * The sales {@link generateSales} makes, the same ones in the same order, made `pageSize` at a time as they are
 * consumed: a million sales never sit in memory at once (the benchmarks stream them as a sync would).
 */
export function* generateSalePages(options: DatasetOptions, pageSize: number): Generator<WireSale[]> {
  validateOptions(options);
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError('pageSize must be an integer >= 1.');
  const random = createRandom(options.seed);
  const context: SaleContext = {
    random,
    calendar: buildCalendar(options.endDay, options.days),
    tag: hashSeed(options.seed).toString(36).toUpperCase().padStart(7, '0'),
    width: Math.max(7, String(options.count).length),
  };
  const days = sortedDayIndexes(random, options.count, options.days);
  for (let from = 0; from < options.count; from += pageSize) {
    const to = Math.min(options.count, from + pageSize);
    const page = new Array<WireSale>(to - from);
    for (let i = from; i < to; i++) page[i - from] = makeSale(context, i, days[i] as number);
    yield page;
  }
}

const FIRST_NAMES = ['Alex', 'Zoë', 'Mateo', 'Priya', 'Jonas', 'Amélie', 'Kenji', 'Sofia'];
const LAST_NAMES = ['Martin', 'Müller', 'García', 'Okafor', 'Larsen', 'Rossi', 'Nakamura', 'Dubois'];
const COUNTRIES = ['DE', 'FR', 'GB', 'US', 'ES', 'IT', 'NL', 'SE'];
const CHANNELS: readonly (readonly [string, string])[] = [
  ['instagram', 'https://www.instagram.com/'],
  ['youtube', 'https://www.youtube.com/@'],
  ['tiktok', 'https://www.tiktok.com/@'],
  ['pinterest', 'https://www.pinterest.com/'],
];

function asciiHandle(first: string, last: string): string {
  return `${first}.${last}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

function socialChannels(random: Random, handle: string): WireSocialChannel[] {
  const count = random.int(2, CHANNELS.length);
  return CHANNELS.slice(0, count).map(([channel, prefix]) => ({ channel, link: `${prefix}${handle}` }));
}

/** A plausible affiliate profile for `/v1/user/`, deterministic from the seed (spec 2.1). */
export function generateProfile(seed: number): WireProfile {
  const random = createRandom(hashSeed(seed) ^ 0x5eed);
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const handle = asciiHandle(first, last);
  const uid = `u_${hashSeed(seed).toString(16).padStart(8, '0')}`;
  return {
    country: random.pick(COUNTRIES),
    profile_name: `${first} ${last}`,
    user_name: handle,
    u_id: uid,
    email: `${handle}@example.com`,
    description: 'Deals on home office gear, travel essentials and coffee. Links may earn me a commission.',
    is_private: random.chance(0.2),
    avatar: `https://images.commission-desk.invalid/avatars/${uid}.png`,
    cover_image: `https://images.commission-desk.invalid/covers/${uid}.jpg`,
    statistics: {
      followers: random.int(100, 250_000),
      following: random.int(10, 2_000),
      product_count: PRODUCTS.length,
      collection_count: COLLECTIONS.length,
    },
    social_channels: socialChannels(random, handle),
  };
}

/** The seed of the demo dataset: fixed so every demo session shows the same account. */
export const DEMO_SEED = 20260101;

/** Days from the same calendar day `months` months earlier up to `today` (inclusive of today only). */
function monthsBack(today: string, months: number): number {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(y, m - 1 - months, d)) / 86_400_000);
}

/** The demo account: about 2,000 sales over the 18 months ending `today`, so every screen has something to show. */
export function demoDataset(today: string): { profile: WireProfile; sales: WireSale[] } {
  if (!isIsoDay(today)) throw new RangeError('today must be an ISO day yyyy-mm-dd.');
  return {
    profile: generateProfile(DEMO_SEED),
    sales: generateSales({ seed: DEMO_SEED, count: 2000, endDay: today, days: monthsBack(today, 18) }),
  };
}
