/**
 * The references of the sales the service no longer reports, for marking rows — read only while the person chose
 * to see such sales, and again whenever the cache changes.
 */
import type { AppErrorData, IpcResult } from '../../../../shared/errors';
import { call } from '../../common/bridge';
import { useBridgeQuery } from '../../common/use-bridge-query';
import { nextChangesSince, noLongerReportedReferences } from './no-longer-reported';

const PAGE = 10_000;
/** A change log longer than this many pages is read no further (the rows then miss some marks, never gain wrong ones). */
const MAX_PAGES = 50;
const EMPTY: ReadonlySet<string> = new Set();

async function readMarks(): Promise<IpcResult<ReadonlySet<string>>> {
  const all = [];
  let since: string | null = new Date(0).toISOString();
  for (let page = 0; since !== null && page < MAX_PAGES; page++) {
    const result = await call('salesChanges', { since, limit: PAGE });
    if (!result.ok) return { ok: false, error: result.error };
    all.push(...result.value);
    since = nextChangesSince(result.value, PAGE);
  }
  return { ok: true, value: noLongerReportedReferences(all) };
}

/** The marked references (empty while not shown or loading) and a read error, if any. */
export function useNoLongerReported(
  enabled: boolean,
  dataVersion: number,
): { references: ReadonlySet<string>; error: AppErrorData | null } {
  const query = useBridgeQuery<ReadonlySet<string>>(
    () => (enabled ? readMarks() : Promise.resolve({ ok: true as const, value: EMPTY })),
    `${enabled}|${dataVersion}`,
  );
  return { references: enabled ? (query.data ?? EMPTY) : EMPTY, error: query.error };
}
