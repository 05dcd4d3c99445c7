import type { BridgeRow } from '../../shared/bridge';
import type { Adjustment, ClosedMonth } from '../../shared/closed-month';
import type { DayRange } from '../../shared/dates';
import type { ClosedMonthStore, SalesCache } from '../cache';
import { readAdjustments } from './adjustments';
import { readBridge, type BridgeSource } from './bridge';
import { readClosedBridge } from './closed-bridge';
import { closeMonth } from './month-close';

/** The books of the open session's account; each throws NOT_SIGNED_IN when no account is open. */
export interface BooksReader {
  /** The bridge of `range`, as of `range.asOf` when given (B1): the sales as the cache knew them then. */
  bridge(range: DayRange & { asOf?: string }): BridgeRow[];
  /** The closed months, oldest first. */
  closedMonths(): ClosedMonth[];
  /** Closes `month` (`YYYY-MM`) with the figures it has now. */
  close(month: string): ClosedMonth;
  /** Reopens `month`; the reopen is logged with the figures it had been closed with. */
  reopen(month: string): null;
  /** Every change to a closed month's sale seen after its close, oldest first. */
  adjustments(): Adjustment[];
}

/** Builds the reader over the cache, the open session's cache key and the clock. */
export function createBooksReader(
  source: () => BridgeSource & ClosedMonthStore & Pick<SalesCache, 'asOf' | 'changesSince'>,
  account: () => string,
  now: () => Date,
): BooksReader {
  return {
    // Now: opening from the previous month's close when it is closed (B2); as of a past moment: the plain bridge.
    bridge: ({ from, to, asOf }) =>
      asOf === undefined
        ? readClosedBridge(source(), account(), { from, to })
        : readBridge(source().asOf(asOf), account(), { from, to }),
    closedMonths: () => source().closedMonths(account()),
    close: (month) => closeMonth(source(), account(), month, now()),
    reopen: (month) => {
      source().reopenMonth(account(), month, now());
      return null;
    },
    adjustments: () => readAdjustments(source(), account()),
  };
}
