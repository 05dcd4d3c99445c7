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
export type CommissionStatusFilter = (typeof COMMISSION_STATUS_FILTERS)[number];
export const PAYMENT_STATUS_FILTERS = ['all', 'paid', 'pending'] as const;
export type PaymentStatusFilter = (typeof PAYMENT_STATUS_FILTERS)[number];

/** The two orders the service knows (spec 4.2). */
export const ORDER_BY_VALUES = ['transaction_date', '-transaction_date'] as const;
export type OrderBy = (typeof ORDER_BY_VALUES)[number];

/** Categories the spec lists; records may carry others (a sample holds `product`), which are kept as they are. */
export const KNOWN_CATEGORIES = ['coupon', 'referral', 'offer', 'product'] as const;

/** JSON value, used for fields the service sends beyond the spec (kept, never interpreted). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** One sale, as the app keeps it. Dates are ISO `yyyy-mm-dd`; absent optional fields are null. */
export interface Sale {
  reference: string;
  commissionAmount: number;
  currency: string;
  commissionStatus: CommissionStatus;
  transactionAmount: number | null;
  category: string | null;
  transactionDate: string;
  paymentStatus: PaymentStatus | null;
  paymentDate: string | null;
  productSlug: string | null;
  productName: string | null;
  collectionSlug: string | null;
  collectionName: string | null;
  collectionUrl: string | null;
  subid: string | null;
  /** Fields the service sent that the spec does not list. */
  extra: Record<string, JsonValue>;
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

/** A record the client could not take as it came, with the reason; shown to the user, never guessed. */
export interface RecordWarning {
  reference: string | null;
  reason: string;
}
