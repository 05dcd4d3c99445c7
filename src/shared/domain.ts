/**
 * The app's own view of the service's resources: normalised, camel-cased, serialisable.
 * These are what crosses IPC and what the cache and exports store. They never hold credentials.
 */

/** Commission status values a sale record can carry (spec 3). */
export const COMMISSION_STATUSES = ['approved', 'declined', 'pending'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** Payment status values a sale record can carry (spec 3). */
export const PAYMENT_STATUSES = ['pending', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Filter values the service accepts; `declined` is a record value only (spec 3). */
export const COMMISSION_STATUS_FILTERS = ['all', 'approved', 'pending'] as const;
export const PAYMENT_STATUS_FILTERS = ['all', 'paid', 'pending'] as const;

/** The two orders the service knows (spec 4.2). */
export const ORDER_BY_VALUES = ['transaction_date', '-transaction_date'] as const;

/** Categories the spec lists; records may carry others (a sample holds `product`), which are kept as they are. */
export const KNOWN_CATEGORIES = ['coupon', 'referral', 'offer', 'product'] as const;

/**
 * A value the spec lists (`K`), or any other text the service sent, kept verbatim: the service may add statuses
 * the spec does not document (`reversed`, `on_hold`, `Approved`), and dropping or renaming them would hide a sale.
 * Tell the two apart with {@link isListedValue} (or the helpers below) before treating a value as one of `K`.
 */
export type KnownOr<K extends string> = K | (string & Record<never, never>);

/** A sale's commission status: one the spec lists, or the service's own word for it. */
export type CommissionStatusValue = KnownOr<CommissionStatus>;
/** A sale's payment status: one the spec lists, or the service's own word for it. */
export type PaymentStatusValue = KnownOr<PaymentStatus>;

/** True when `value` is one of `listed` (exactly: `Approved` is not `approved`). */
export function isListedValue<K extends string>(listed: readonly K[], value: string | null | undefined): value is K {
  return typeof value === 'string' && (listed as readonly string[]).includes(value);
}

/** True for `approved`, `declined` and `pending`; false for a status the spec does not list. */
export function isKnownCommissionStatus(value: string | null | undefined): value is CommissionStatus {
  return isListedValue(COMMISSION_STATUSES, value);
}

/** True for `pending` and `paid`; false for a status the spec does not list. */
export function isKnownPaymentStatus(value: string | null | undefined): value is PaymentStatus {
  return isListedValue(PAYMENT_STATUSES, value);
}

/** JSON value, used for fields the service sends beyond the spec (kept, never interpreted). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** What about a kept record needed attention. */
export const SALE_NOTICE_KINDS = [
  /** A field the app relies on was absent or empty (commission amount, currency, commission status). */
  'missing',
  /** A field was present but could not be read; its value is quoted in the message and not used. */
  'unreadable',
  /** A status or category the spec does not list, kept verbatim. */
  'unlisted-value',
  /** A date written in a near format (`d-m-yyyy`, `dd/mm/yyyy`, `yyyy-mm-dd`, with a time…), read unambiguously. */
  'near-format-date',
  /** Both spellings of a field (e.g. `transaction_date` and `transaction_dete`) with different values; the correct one was used. */
  'conflicting-value',
  /** An amount with more decimals than its currency has: kept exactly, never rounded in a total. */
  'finer-than-currency',
  /** An implausible amount (a trillion or more, or more digits than a number holds): kept exactly, worth checking. */
  'absurd-amount',
  /** A field nested deeper (or larger) than a record can be: left out. */
  'too-deep',
] as const;
export type SaleNoticeKind = (typeof SALE_NOTICE_KINDS)[number];

/** One thing about a kept sale that needed attention: which field (as the service names it), what, and a sentence. */
export interface SaleNotice {
  kind: SaleNoticeKind;
  field: string;
  message: string;
}

/**
 * One sale, as the app keeps it. Dates are ISO `yyyy-mm-dd`; absent optional fields are null. A record is kept with
 * whatever could be read, so the commission amount and status may be null; `notices` says what needed attention.
 */
export interface Sale {
  reference: string;
  /** The commission as a number; null when the service sent none or nothing readable. */
  commissionAmount: number | null;
  /**
   * The commission's exact decimal text when it is no ordinary amount of its currency (more decimals than the
   * currency has, or more digits than a number holds); it then wins over `commissionAmount`.
   */
  commissionExact?: string;
  /** ISO 4217 code, upper case; `XXX` (no currency) when the service sent none or something else. */
  currency: string;
  commissionStatus: CommissionStatusValue | null;
  transactionAmount: number | null;
  /** As `commissionExact`, for the transaction amount. */
  transactionExact?: string;
  category: string | null;
  transactionDate: string;
  paymentStatus: PaymentStatusValue | null;
  paymentDate: string | null;
  productSlug: string | null;
  productName: string | null;
  collectionSlug: string | null;
  collectionName: string | null;
  collectionUrl: string | null;
  subid: string | null;
  /** Fields the service sent that the spec does not list. */
  extra: Record<string, JsonValue>;
  /** What needed attention when the record was read (absent or empty: nothing). */
  notices?: SaleNotice[];
}

/** A social channel link of the profile. */
export interface SocialChannel {
  channel: string;
  link: string;
}

/** The affiliate's profile (spec 2.1), tolerant of missing fields. */
export interface Profile {
  uId: string | null;
  userName: string | null;
  profileName: string | null;
  country: string | null;
  email: string | null;
  description: string | null;
  isPrivate: boolean | null;
  avatar: string | null;
  coverImage: string | null;
  statistics: {
    followers: number | null;
    following: number | null;
    productCount: number | null;
    collectionCount: number | null;
  };
  socialChannels: SocialChannel[];
}

/**
 * A record that could not be stored at all (no object, no reference, no usable transaction date), with what is
 * missing. The page it came from was not wholly stored, so its period must not be called complete.
 */
export interface RecordWarning {
  reference: string | null;
  reason: string;
}
