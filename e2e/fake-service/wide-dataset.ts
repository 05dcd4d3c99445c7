/**
 * Sales that stress the layout: sixteen currencies with 0, 2 and 3 decimals, amounts up to nine digits before the
 * point, long, right-to-left (Arabic, Hebrew) and CJK product names, and long references and sub-IDs. Served by the
 * HTTPS fake (`startFakeService({ sales: wideSales(...) })`) for the layout specs and their screenshots.
 * Deterministic: the same options always give the same records.
 */
import { addDays, isoDayToService } from '../../src/shared/dates';
import type { WireSale } from '../../src/core/demo';

/** Sixteen currencies: six with no decimals, five with three, five with two. */
export const WIDE_CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'SEK',
  'JPY',
  'HUF',
  'KRW',
  'ISK',
  'CLP',
  'VND',
  'KWD',
  'BHD',
  'OMR',
  'JOD',
  'TND',
] as const;

const PRODUCT_NAMES = [
  'Ultra-Wide Ergonomic Standing Desk with Dual Motor, Memory Presets and Cable Tray — Walnut, 180 × 80 cm',
  'سماعات رأس لاسلكية مع خاصية إلغاء الضوضاء',
  'מנורת שולחן חכמה עם טעינה אלחוטית',
  'ワイヤレス ノイズキャンセリング ヘッドホン',
  '智能台灯 无线充电版 护眼',
  '무선 기계식 키보드 한글 자판',
  'Kettle',
  'Café crème Thermos, 0.5 l',
];

const SUBIDS = [
  'newsletter-2026-spring-campaign-variant-b',
  'yt_review_long_form_unboxing_and_comparison',
  'tiktok',
  null,
];

/** Options of {@link wideSales}. */
export interface WideSalesOptions {
  /** Last day covered, yyyy-mm-dd. */
  endDay: string;
  /** Sales per currency. Default 4. */
  perCurrency?: number;
  /** Days covered, ending at `endDay`. Default 30. */
  days?: number;
}

/** Decimals a currency's amounts carry here: what Intl shows for it, so the expected text is Intl's own. */
export function wideDigits(currency: string): number {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** A deterministic amount with `digits` decimals: the first sale of a currency has nine digits before the point. */
function amount(currency: number, sale: number, digits: number, big: boolean): number {
  const whole = big ? 987_654_321 - currency * 1_111_111 : 100 + ((currency * 37 + sale * 53) % 9_000);
  const fraction = digits === 0 ? 0 : ((currency * 7 + sale * 13) % 10 ** digits) / 10 ** digits;
  return Number((whole + fraction).toFixed(digits));
}

/**
 * Sales ascending by date then reference (the order the service keeps), spread over the last `days` days. Each
 * currency's first sale has a nine-digit transaction amount and commission; the rest are ordinary.
 */
export function wideSales(options: WideSalesOptions): WireSale[] {
  const perCurrency = options.perCurrency ?? 4;
  const days = options.days ?? 30;
  const count = WIDE_CURRENCIES.length * perCurrency;
  const sales: WireSale[] = [];
  for (let i = 0; i < count; i++) {
    const c = i % WIDE_CURRENCIES.length;
    const k = Math.floor(i / WIDE_CURRENCIES.length);
    const currency = WIDE_CURRENCIES[c] as string;
    const digits = wideDigits(currency);
    const big = k === 0;
    const status = ['approved', 'pending', 'declined'][i % 3] as string;
    const day = addDays(options.endDay, -(days - 1) + Math.floor((i * days) / count));
    sales.push({
      reference: `WIDE-${String(i + 1).padStart(6, '0')}-${currency}-2026-ORDER-REFERENCE`,
      commission_amount: amount(c, k, digits, big),
      currency,
      commission_status: status,
      transaction_amount: amount(c + 5, k + 3, digits, big),
      category: 'product',
      transaction_date: isoDayToService(day),
      payment_status: 'pending',
      payment_date: null,
      product_slug: `wide-product-${i % PRODUCT_NAMES.length}`,
      product_name: PRODUCT_NAMES[i % PRODUCT_NAMES.length] as string,
      collection_slug: 'layout-checks',
      collection_name: i % 2 === 0 ? 'Layout checks' : 'مجموعة التحقق من التخطيط',
      collection_url: 'https://shop.commission-desk.invalid/collections/layout-checks',
      subid: SUBIDS[i % SUBIDS.length] ?? null,
    });
  }
  return sales;
}
