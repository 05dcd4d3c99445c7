/**
 * The cases in the order they run, with their sizes. Kept apart from the cases' code so the runner never loads a
 * case's dependencies (Playwright, exceljs, the app core): a case that cannot even load fails alone, in its child.
 */
import type { BenchCase } from '../lib/case';
import { DATASET_SIZES } from '../lib/datasets';

export const CASES: readonly BenchCase[] = [
  {
    name: 'sync',
    what: 'sales from the HTTPS fake service (20 ms latency per request) into the cache via runSync',
    sizes: { full: 100_000, quick: 3_000 },
    timeoutSeconds: { full: 600, quick: 60 },
  },
  {
    name: 'routine-sync',
    what: 'a routine sync (trailing window + open sales re-checked) next to a full refresh, over a 3-year cache with ~2% old open sales',
    sizes: { full: 100_000, quick: 5_000 },
    timeoutSeconds: { full: 600, quick: 60 },
  },
  {
    name: 'routine-sync-unlisted',
    what: 'a routine sync with nothing changed next to a full refresh, over a 3-year cache with ~6% of sales in an unlisted status',
    sizes: { full: 100_000, quick: 5_000 },
    timeoutSeconds: { full: 600, quick: 60 },
  },
  {
    name: 'rate-limit',
    what: 'a sync against the HTTPS fake service behind a token-bucket rate limit it is not told, with and without Retry-After',
    sizes: { full: 60_000, quick: 3_000 },
    timeoutSeconds: { full: 300, quick: 60 },
  },
  {
    name: 'ingest',
    what: 'sales upserted into the cache page by page, as a sync stores them',
    sizes: { full: 1_000_000, quick: 30_000 },
    timeoutSeconds: { full: 600, quick: 60 },
  },
  {
    name: 'query',
    what: '200 random sales-browser queries and 50 random summaries on a freshly opened cache',
    sizes: DATASET_SIZES.large,
    dataset: 'large',
    timeoutSeconds: { full: 300, quick: 60 },
  },
  {
    name: 'export',
    what: 'every sale to .xlsx through the app exporter (exportFromCache)',
    sizes: DATASET_SIZES.medium,
    dataset: 'medium',
    timeoutSeconds: { full: 600, quick: 60 },
  },
  {
    name: 'export-1m',
    what: 'a million sales to .xlsx through the app exporter',
    sizes: DATASET_SIZES.large,
    dataset: 'large',
    timeoutSeconds: { full: 900, quick: 60 },
  },
  {
    name: 'renderer',
    what: 'the sales screen in Chromium via the e2e test host: first rows, scroll to the end, JS heap',
    sizes: DATASET_SIZES.medium,
    dataset: 'medium',
    timeoutSeconds: { full: 300, quick: 120 },
    wrapper: ['bash', 'scripts/with-keyring.sh'],
  },
  {
    name: 'renderer-1m',
    what: 'the sales screen in Chromium via the e2e test host over a million sales: first rows (median of 5 loads), JS heap',
    sizes: DATASET_SIZES.large,
    dataset: 'large',
    timeoutSeconds: { full: 600, quick: 180 },
    wrapper: ['bash', 'scripts/with-keyring.sh'],
  },
  {
    name: 'startup',
    what: 'main-process core ready (createAppCore + session.restore); the app started on a used cache to its first rows on screen',
    sizes: DATASET_SIZES.large,
    dataset: 'large',
    timeoutSeconds: { full: 600, quick: 180 },
    wrapper: ['bash', 'scripts/with-keyring.sh'],
  },
];
