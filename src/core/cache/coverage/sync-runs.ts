/**
 * A record of each sync: when it started and ended, how it ended, and the resume point of the last stored page. The
 * app shows "last synced …" from it; after a crash the sync engine finds the run still marked `running` and resumes
 * from its checkpoint (D1).
 */
import type Database from 'better-sqlite3';
import type { JsonValue } from '../../../shared/domain';
import { assertAccount, dayNumber } from '../records';
import { invalidInput } from '../cache-errors';

/** How a sync run ended; `running` also describes a run whose process died. */
export type SyncRunStatus = 'running' | 'completed' | 'cancelled' | 'failed';

/** One sync run as stored. */
export interface SyncRun {
  id: number;
  account: string;
  from: string;
  to: string;
  startedAt: string;
  finishedAt: string | null;
  status: SyncRunStatus;
  pages: number;
  records: number;
  checkpoint: JsonValue | null;
  error: string | null;
}

/** Sync run operations on one connection; times come from the cache's clock. */
export interface SyncRunStore {
  beginSyncRun(account: string, from: string, to: string): number;
  finishSyncRun(runId: number, status: Exclude<SyncRunStatus, 'running'>, error?: string): void;
  unfinishedSyncRuns(account: string): SyncRun[];
  /** The latest run (of `status`, when given) that had finished by `finishedBy` (an ISO instant), when given. */
  lastSyncRun(account: string, status?: SyncRunStatus, finishedBy?: string): SyncRun | null;
}

interface Row {
  id: number;
  account_id: string;
  from_day: string;
  to_day: string;
  started_at: string;
  finished_at: string | null;
  status: SyncRunStatus;
  pages: number;
  records: number;
  checkpoint: string | null;
  error: string | null;
}

function toRun(row: Row): SyncRun {
  return {
    id: row.id,
    account: row.account_id,
    from: row.from_day,
    to: row.to_day,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    status: row.status,
    pages: row.pages,
    records: row.records,
    checkpoint: row.checkpoint === null ? null : (JSON.parse(row.checkpoint) as JsonValue),
    error: row.error,
  };
}

/** Prepares sync run statements on `db`; `now` stamps starts and ends. */
export function createSyncRunStore(db: Database.Database, now: () => Date): SyncRunStore {
  const insert = db.prepare(
    "INSERT INTO sync_runs (account_id, from_day, to_day, started_at, status) VALUES (?, ?, ?, ?, 'running')",
  );
  const finish = db.prepare("UPDATE sync_runs SET status = ?, finished_at = ?, error = ? WHERE id = ? AND status = 'running'");
  const running = db.prepare<[string], Row>("SELECT * FROM sync_runs WHERE account_id = ? AND status = 'running' ORDER BY id");
  const last = db.prepare<[{ account: string; status: string | null; finishedBy: string | null }], Row>(
    `SELECT * FROM sync_runs WHERE account_id = @account AND (@status IS NULL OR status = @status)
        AND (@finishedBy IS NULL OR finished_at <= @finishedBy)
      ORDER BY started_at DESC, id DESC LIMIT 1`,
  );
  return {
    beginSyncRun: (account, from, to) => {
      assertAccount(account);
      if (dayNumber(from) > dayNumber(to)) throw invalidInput(`The range ${from}..${to} ends before it starts.`);
      return Number(insert.run(account, from, to, now().toISOString()).lastInsertRowid);
    },
    finishSyncRun: (runId, status, error) => {
      if (finish.run(status, now().toISOString(), error ?? null, runId).changes === 0) {
        throw invalidInput(`Sync run ${runId} is not running.`);
      }
    },
    unfinishedSyncRuns: (account) => {
      assertAccount(account);
      return running.all(account).map(toRun);
    },
    lastSyncRun: (account, status, finishedBy) => {
      assertAccount(account);
      const row = last.get({ account, status: status ?? null, finishedBy: finishedBy ?? null });
      return row ? toRun(row) : null;
    },
  };
}
