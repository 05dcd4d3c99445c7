import type { BridgeRow } from '../../shared/bridge';
import type { DayRange } from '../../shared/dates';
import type { SalesCache } from '../cache';
import { readBridge, type BridgeSource } from './bridge';
import { readClosedBridge } from './closed-bridge';

/** The bridge over the open session's cache; throws NOT_SIGNED_IN when no account is open. */
export interface BridgeReader {
  /** The bridge of `range`, as of `range.asOf` when given (B1): the sales as the cache knew them then. */
  bridge(range: DayRange & { asOf?: string }): BridgeRow[];
}

/** Builds the reader over the cache and the open session's cache key. */
export function createBridgeReader(
  source: () => BridgeSource & Pick<SalesCache, 'asOf' | 'closedMonths'>,
  account: () => string,
): BridgeReader {
  return {
    // Now: opening from the previous month's close when it is closed (B2); as of a past moment: the plain bridge.
    bridge: ({ from, to, asOf }) =>
      asOf === undefined
        ? readClosedBridge(source(), account(), { from, to })
        : readBridge(source().asOf(asOf), account(), { from, to }),
  };
}
