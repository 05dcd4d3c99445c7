/**
 * What the crash-guard test's child process stores, shared with the parent so it knows which sales
 * each step held. Not used by the app.
 */
import type { Sale } from '../src/shared/domain';
import { pages, sampleSales } from './cache-kit';

/** The account the child writes to. */
export const GUARD_ACCOUNT = 'crash-guard-test';

/** The three pages the child handles: stored, rolled back by the uncaught error, stored after it. */
export function guardPages(): { first: Sale[]; second: Sale[]; third: Sale[] } {
  const [first = [], second = [], third = []] = pages(sampleSales({ seed: 23, count: 600, endDay: '2026-06-30', days: 60 }), 200);
  return { first, second, third };
}
