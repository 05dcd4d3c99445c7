import type { Migration } from './migration';

/**
 * A generation of the sales' texts, for the references saved beside the cache (see `search/saved-texts.ts`): raised
 * when a sale's reference or id changes, or a sale is deleted, and by nothing else. The browse index's `generation`
 * moves with every status a sync changes, which would make saved texts useless after every sync, while the texts
 * (one reference per sale id) stay right through status changes; new sales get higher ids, which the texts' own
 * watermark says are still to be read.
 */
const COLUMN = 'ALTER TABLE browse_stamp ADD COLUMN text_generation INTEGER NOT NULL DEFAULT 0';
const TRIGGERS = `
  CREATE TRIGGER IF NOT EXISTS text_stamp_update AFTER UPDATE OF id, reference ON sales
    WHEN OLD.id IS NOT NEW.id OR OLD.reference IS NOT NEW.reference
  BEGIN
    UPDATE browse_stamp SET text_generation = text_generation + 1 WHERE id = 1;
  END;
  CREATE TRIGGER IF NOT EXISTS text_stamp_delete AFTER DELETE ON sales
  BEGIN
    UPDATE browse_stamp SET text_generation = text_generation + 1 WHERE id = 1;
  END;
`;

/** Cache format 10. */
export const migration10: Migration = {
  version: 10,
  description: 'a generation of the sales’ texts',
  up: (db) => {
    // Like the other migrations, safe to run on a file that has it already (a file marked older than it is).
    const has =
      db.prepare("SELECT 1 FROM pragma_table_info('browse_stamp') WHERE name = 'text_generation'").get() !== undefined;
    if (!has) db.exec(COLUMN);
    db.exec(TRIGGERS);
  },
};
