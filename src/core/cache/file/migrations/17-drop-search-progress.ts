import type { Migration } from './migration';

/**
 * The search watermark goes: every text search had first moved it to the newest sale, so it never held a sale back,
 * and moving it took a write transaction at each search. A search now reads the texts of every stored sale.
 */
const SCHEMA = `
  DROP TABLE IF EXISTS search_progress;
`;

/** Cache format 17. */
export const migration17: Migration = {
  version: 17,
  description: 'the search watermark dropped',
  up: (db) => db.exec(SCHEMA),
};
