/**
 * Marks the sales the service no longer reports (T5): after a day range was fetched completely, a cached sale
 * of those days that the fetch did not return is kept, stamped with when that was noticed, and listed as a change; it
 * is never deleted and, by default, never counted. A sale confirmed since the fetch began (by this fetch or another
 * window running at the same time) is not marked, whatever the reference list says.
 */
import type Database from 'better-sqlite3';
import { assertAccount, isoInstant, NO_LONGER_REPORTED, PAID_SQL, REPORTED, REPORTED_FIELD } from '../records';

/** A complete fetch of `from`..`to` that began at `fetchStarted` and returned `reported` (references). */
export interface CompleteFetch {
  from: string;
  to: string;
  reported: ReadonlySet<string>;
  fetchStarted: Date | string;
}

interface Candidate {
  id: number;
  reference: string;
  /** 1 when the sale was paid (status paid, or a payment date). */
  paid: 0 | 1;
  payment_date: string | null;
}

/** Marks the sales a complete fetch did not return; returns their row ids. */
export type MarkUnreported = (account: string, fetch: CompleteFetch, at: Date | string) => number[];

/** Prepares the marker on `db`; one transaction per call. */
export function createUnreportedMarker(db: Database.Database): MarkUnreported {
  const candidates = db.prepare<[string, string, string, string], Candidate>(
    `SELECT id, reference, ${PAID_SQL} AS paid, payment_date FROM sales
      WHERE account_id = ? AND transaction_date BETWEEN ? AND ? AND unreported_at IS NULL
        AND (status_checked_at IS NULL OR status_checked_at < ?)`,
  );
  const mark = db.prepare('UPDATE sales SET unreported_at = ? WHERE id = ?');
  const log = db.prepare(
    `INSERT INTO sale_changes (account_id, reference, field, old_value, new_value, changed_at, restates_paid, paid_on)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const run = db.transaction((account: string, fetch: CompleteFetch, started: string, at: string): number[] => {
    const gone = candidates
      .all(account, fetch.from, fetch.to, started)
      .filter((row) => !fetch.reported.has(row.reference));
    for (const row of gone) {
      mark.run(at, row.id);
      // A paid sale the service stops reporting restates its paid period (R2).
      log.run(
        account,
        row.reference,
        REPORTED_FIELD,
        REPORTED,
        NO_LONGER_REPORTED,
        at,
        row.paid,
        row.paid ? row.payment_date : null,
      );
    }
    return gone.map((row) => row.id);
  });
  return (account, fetch, at) => {
    assertAccount(account);
    return run.immediate(account, fetch, isoInstant(fetch.fetchStarted), isoInstant(at));
  };
}
