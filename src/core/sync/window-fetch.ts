/**
 * Fetches one window of days completely (D1, T5, T9): walks it until the walk can be trusted, then, in one
 * transaction, marks "no longer reported" the cached sales of those days it did not return and marks the days
 * covered (days not over yet only provisionally). A window left unsettled is neither: the next sync fetches it again.
 */
import type { DayRange } from '../../shared/dates';
import { addNote, report, type RunContext } from './sync-context';
import { walkUntilStable, type StableWalk } from './window-walk';

function settle(ctx: RunContext, window: DayRange, walk: StableWalk): void {
  const { cache } = ctx.deps;
  cache.transaction(() => {
    if (walk.unmatched) {
      addNote(
        ctx,
        'sync.unmatched-records',
        `${window.from} to ${window.to}: a record without a reference could not be read, so no sale was marked no longer reported.`,
      );
    } else {
      const fetch = { from: window.from, to: window.to, reported: walk.references, fetchStarted: walk.startedAt };
      ctx.counters.noLongerReported += cache.markNoLongerReported(ctx.account, fetch, ctx.now());
    }
    cache.markCovered(ctx.account, window.from, window.to, walk.startedAt, ctx.deps.today());
  });
}

/** Fetches `window` (position `index` among the run's windows) and settles it. */
export async function fetchWindow(ctx: RunContext, window: DayRange, index: number): Promise<void> {
  const walk = await walkUntilStable(ctx, {
    from: window.from,
    to: window.to,
    index,
    label: `${window.from} to ${window.to}`,
  });
  if (walk.verdict !== 'unsettled') settle(ctx, window, walk);
  ctx.tracker.windowDone();
  report(ctx);
}
