/**
 * The cache's schema as numbered migrations, one file each. Each runs in its own transaction together with the
 * `user_version` bump, so a crash leaves the file at one version or the next, never between. Append only: a shipped
 * migration is never edited; a change is a new numbered file added to the list below.
 */
import type { Migration } from './migration';
import { migration01 } from './01-sales';
import { migration02 } from './02-sync-state';
import { migration03 } from './03-search';
import { migration04 } from './04-search-upkeep';
import { migration05 } from './05-open-values';
import { migration06 } from './06-status-checks';
import { migration07 } from './07-unstored-records';
import { migration08 } from './08-browse-stamp';
import { migration09 } from './09-drop-word-index';
import { migration10 } from './10-text-stamp';
import { migration11 } from './11-sync-leases';
import { migration12 } from './12-money-changes';
import { migration13 } from './13-history-start';
import { migration14 } from './14-closed-months';
import { migration15 } from './15-reference-rates';
import { migration16 } from './16-bank-statements';
import { migration17 } from './17-drop-search-progress';

export type { Migration } from './migration';

/** `PRAGMA application_id` of a Commission Desk cache ("CDsk"), so a foreign SQLite file is recognised as foreign. */
export const APPLICATION_ID = 0x4344736b;

/** Every migration, in order. The last entry's version is the newest cache format this build reads and writes. */
export const MIGRATIONS: readonly Migration[] = [
  migration01,
  migration02,
  migration03,
  migration04,
  migration05,
  migration06,
  migration07,
  migration08,
  migration09,
  migration10,
  migration11,
  migration12,
  migration13,
  migration14,
  migration15,
  migration16,
  migration17,
];

/** The cache format this build writes. */
export const LATEST_VERSION = MIGRATIONS.at(-1)?.version ?? 0;
