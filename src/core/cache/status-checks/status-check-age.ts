/**
 * How fresh the statuses of a set of sales are (T3): the oldest time the service confirmed one of the sales a
 * filter matches, so a screen, a total or an export can say "statuses checked <when>" without overstating. Open sales
 * are reported apart, since only their statuses can still change.
 */
import type Database from 'better-sqlite3';
import { SALE_FROM } from '../records';
import { whereClause } from '../sql-read';
import type { SalesFilter } from '../../../shared/sales-query';
import type { StatusCheckAge } from '../../../shared/sales-query-types';
import { OPEN_SALE_SQL } from './open-sales';

export type { StatusCheckAge };

/** Reads the age of a filter's statuses; one scan of the matching rows. */
export type ReadStatusCheckAge = (account: string, filter: SalesFilter) => StatusCheckAge;

/** Prepares the reader on `db`; statements are built per filter shape and kept. */
export function createStatusCheckAge(db: Database.Database): ReadStatusCheckAge {
  const statements = new Map<string, Database.Statement<(string | number)[], StatusCheckAge>>();
  return (account, filter) => {
    const where = whereClause(account, filter);
    let statement = statements.get(where.sql);
    if (statement === undefined) {
      statement = db.prepare<(string | number)[], StatusCheckAge>(
        `SELECT count(*) AS sales, min(s.status_checked_at) AS oldest,
                min(CASE WHEN ${OPEN_SALE_SQL} THEN s.status_checked_at END) AS oldestOpen,
                count(*) - count(s.status_checked_at) AS neverChecked
           FROM ${SALE_FROM} ${where.sql}`,
      );
      if (statements.size < 64) statements.set(where.sql, statement);
    }
    return statement.get(...where.params) as StatusCheckAge;
  };
}
