import { describe, it, expect } from 'vitest';
import { addDays, serviceDayToIso } from '../../shared/dates';
import { parseProfile, parseSaleRecord } from '../../shared/wire-schemas';
import {
  DEMO_SEED,
  demoDataset,
  generateProfile,
  generateSalePages,
  generateSales,
  type WireSale,
} from './sales-dataset';

const OPTIONS = { seed: 11, count: 6_000, endDay: '2026-03-31', days: 400 };
const SALES = generateSales(OPTIONS);

function iso(value: unknown): string {
  const day = typeof value === 'string' ? serviceDayToIso(value) : null;
  if (day === null) throw new Error(`not a dd-mm-yyyy day: ${String(value)}`);
  return day;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

function valuesOf(sales: readonly WireSale[], field: string): Set<unknown> {
  return new Set(sales.map((s) => s[field]));
}

function hasCents(value: number): boolean {
  return Math.abs(Math.round(value * 100) / 100 - value) < 1e-9;
}

describe('generateSales: determinism and order', () => {
  it('made page by page, gives the very same sales in the same order (the last page holds the rest)', () => {
    const pages = [...generateSalePages(OPTIONS, 700)];
    expect(pages.map((p) => p.length)).toEqual([...Array.from({ length: 8 }, () => 700), 400]);
    expect(pages.flat()).toEqual(SALES);
    expect(generateSales({ ...OPTIONS, count: 0 })).toEqual([]);
    expect(() => [...generateSalePages(OPTIONS, 0)]).toThrow(RangeError);
  });

  it('returns the same records for the same options, and different ones for another seed', () => {
    expect(generateSales(OPTIONS)).toEqual(SALES);
    const other = generateSales({ ...OPTIONS, seed: 12 });
    expect(other).toHaveLength(OPTIONS.count);
    expect(other.map((s) => s.reference)).not.toEqual(SALES.map((s) => s.reference));
    expect(other.map((s) => s.commission_amount)).not.toEqual(SALES.map((s) => s.commission_amount));
  });

  it('returns count sales with unique references, sorted by transaction date then reference', () => {
    expect(SALES).toHaveLength(OPTIONS.count);
    expect(new Set(SALES.map((s) => s.reference)).size).toBe(OPTIONS.count);
    for (let i = 1; i < SALES.length; i++) {
      const [a, b] = [SALES[i - 1] as WireSale, SALES[i] as WireSale];
      const order =
        iso(a.transaction_date).localeCompare(iso(b.transaction_date)) || (a.reference < b.reference ? -1 : 1);
      expect(order).toBeLessThan(0);
    }
  });

  it('spreads the sales over the whole span and never outside it', () => {
    const first = addDays(OPTIONS.endDay, -(OPTIONS.days - 1));
    const days = SALES.map((s) => iso(s.transaction_date));
    expect(days.every((d) => d >= first && d <= OPTIONS.endDay)).toBe(true);
    expect(days.filter((d) => d < addDays(first, 60)).length).toBeGreaterThan(0);
    expect(days.filter((d) => d > addDays(OPTIONS.endDay, -30)).length).toBeGreaterThan(0);
    expect(new Set(days).size).toBeGreaterThan(OPTIONS.days * 0.9);
  });

  it('accepts an empty dataset and refuses bad options', () => {
    expect(generateSales({ ...OPTIONS, count: 0 })).toEqual([]);
    expect(() => generateSales({ ...OPTIONS, count: -1 })).toThrow(RangeError);
    expect(() => generateSales({ ...OPTIONS, count: 1.5 })).toThrow(RangeError);
    expect(() => generateSales({ ...OPTIONS, days: 0 })).toThrow(RangeError);
    expect(() => generateSales({ ...OPTIONS, endDay: '31-03-2026' })).toThrow(RangeError);
    expect(() => generateSales({ ...OPTIONS, endDay: '2026-02-30' })).toThrow(RangeError);
    expect(() => generateSales({ ...OPTIONS, seed: Number.NaN })).toThrow(RangeError);
  });
});

describe('generateSales: record shape', () => {
  it('uses three currencies, every status and every category including product', () => {
    expect(valuesOf(SALES, 'currency')).toEqual(new Set(['EUR', 'USD', 'GBP']));
    expect(valuesOf(SALES, 'commission_status')).toEqual(new Set(['approved', 'declined', 'pending']));
    expect(valuesOf(SALES, 'payment_status')).toEqual(new Set(['pending', 'paid']));
    expect(valuesOf(SALES, 'category')).toEqual(new Set(['coupon', 'referral', 'offer', 'product']));
  });

  it('has amounts in cents with a commission of 2-15% of the transaction', () => {
    for (const s of SALES) {
      expect(hasCents(s.transaction_amount) && hasCents(s.commission_amount)).toBe(true);
      expect(s.commission_amount).toBeGreaterThanOrEqual(s.transaction_amount * 0.02 - 0.005);
      expect(s.commission_amount).toBeLessThanOrEqual(s.transaction_amount * 0.15 + 0.005);
    }
    expect(SALES.some((s) => !Number.isInteger(s.commission_amount * 10))).toBe(true);
  });

  it('pays only approved sales, 15-60 days after the sale and never after the end day', () => {
    for (const s of SALES.filter((x) => x.payment_status === 'paid')) {
      expect(s.commission_status).toBe('approved');
      const lag = daysBetween(iso(s.transaction_date), iso(s.payment_date));
      expect(lag).toBeGreaterThanOrEqual(15);
      expect(lag).toBeLessThanOrEqual(60);
      expect(iso(s.payment_date) <= OPTIONS.endDay).toBe(true);
    }
  });

  it('gives unpaid sales no payment date, as absent, null and empty string', () => {
    const unpaid = SALES.filter((s) => s.payment_status === 'pending');
    expect(unpaid.every((s) => s.payment_date === undefined || s.payment_date === null || s.payment_date === '')).toBe(
      true,
    );
    expect(unpaid.some((s) => !('payment_date' in s))).toBe(true);
    expect(unpaid.some((s) => s.payment_date === null)).toBe(true);
    expect(unpaid.some((s) => s.payment_date === '')).toBe(true);
    expect(SALES.some((s) => s.commission_status === 'approved' && s.payment_status === 'pending')).toBe(true);
  });

  it('draws from about 20 collections with https URLs and about 60 products', () => {
    const collections = new Map(SALES.filter((s) => s.collection_slug).map((s) => [s.collection_slug, s]));
    expect(collections.size).toBe(20);
    for (const s of collections.values()) {
      expect(typeof s.collection_name).toBe('string');
      expect(new URL(String(s.collection_url)).protocol).toBe('https:');
    }
    expect(
      valuesOf(
        SALES.filter((s) => s.product_slug),
        'product_slug',
      ).size,
    ).toBe(60);
  });

  it('uses about 6 subids, one with a space, &, + and ü, and leaves some sales without one', () => {
    const subids = valuesOf(
      SALES.filter((s) => typeof s.subid === 'string'),
      'subid',
    );
    expect(subids.size).toBe(6);
    expect([...subids].some((v) => /^(?=.* )(?=.*&)(?=.*\+)(?=.*ü)/.test(String(v)))).toBe(true);
    const without = SALES.filter((s) => s.subid === undefined || s.subid === null).length;
    expect(without / SALES.length).toBeGreaterThan(0.1);
  });

  it('leaves optional fields out in about 1% of the records', () => {
    const noName = SALES.filter((s) => !('product_name' in s));
    const nullSlug = SALES.filter((s) => s.product_slug === null);
    const noCollection = SALES.filter(
      (s) => !('collection_slug' in s) && !('collection_url' in s) && !('collection_name' in s),
    );
    expect(noName.length).toBeGreaterThan(0);
    expect(nullSlug.length).toBeGreaterThan(0);
    expect(noCollection.length).toBeGreaterThan(0);
    const odd = new Set([...noName, ...nullSlug, ...noCollection]).size / SALES.length;
    expect(odd).toBeGreaterThan(0.003);
    expect(odd).toBeLessThan(0.03);
  });

  it('produces records the app parser takes without a single warning', () => {
    const refused = SALES.map((s) => parseSaleRecord(s)).filter((r) => !r.ok);
    expect(refused).toEqual([]);
  });
});

describe('generateProfile', () => {
  it('is deterministic and complete per spec 2.1', () => {
    const profile = generateProfile(3);
    expect(generateProfile(3)).toEqual(profile);
    expect(generateProfile(4).u_id).not.toBe(profile.u_id);
    expect(profile.country).toMatch(/^[A-Z]{2}$/);
    expect(new URL(profile.avatar).protocol).toBe('https:');
    expect(new URL(profile.cover_image).protocol).toBe('https:');
    expect(Object.values(profile.statistics).every((n) => Number.isInteger(n))).toBe(true);
    expect(profile.social_channels.length).toBeGreaterThanOrEqual(2);
    expect(profile.social_channels.every((c) => c.link.startsWith('https://'))).toBe(true);
    expect(typeof profile.is_private).toBe('boolean');
  });

  it('parses with the app parser with no field lost', () => {
    const parsed = parseProfile(JSON.parse(JSON.stringify(generateProfile(DEMO_SEED))));
    const { statistics, socialChannels, ...rest } = parsed;
    expect(Object.values(rest).every((v) => v !== null)).toBe(true);
    expect(Object.values(statistics).every((v) => v !== null)).toBe(true);
    expect(socialChannels.length).toBeGreaterThanOrEqual(2);
  });
});

describe('demoDataset', () => {
  it('holds about 2,000 sales over the 18 months ending today', () => {
    const { profile, sales } = demoDataset('2026-05-15');
    expect(sales).toHaveLength(2000);
    expect(profile).toEqual(generateProfile(DEMO_SEED));
    const days = sales.map((s) => iso(s.transaction_date));
    expect(days.every((d) => d > '2024-11-15' && d <= '2026-05-15')).toBe(true);
    expect(days.some((d) => d < '2025-01-15')).toBe(true);
    expect(days.some((d) => d > '2026-04-15')).toBe(true);
    expect(demoDataset('2026-05-15')).toEqual({ profile, sales });
  });

  it('refuses a day that is not ISO', () => {
    expect(() => demoDataset('15-05-2026')).toThrow(RangeError);
  });
});

describe('generateSales at benchmark size', () => {
  it('produces 1,000,000 sales', () => {
    const sales = generateSales({ seed: 1, count: 1_000_000, endDay: '2026-01-31', days: 730 });
    expect(sales).toHaveLength(1_000_000);
    expect(sales[999_999]?.reference).toMatch(/^S-1000000-/);
  }, 60_000);
});
