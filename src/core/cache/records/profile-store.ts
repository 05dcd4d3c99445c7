/**
 * The affiliate's profile as last fetched, per account, so the profile screen works offline and can say how old it is.
 */
import type Database from 'better-sqlite3';
import type { Profile } from '../../../shared/domain';
import { assertAccount } from './account-id';
import { isoInstant } from './day-numbers';

/** A cached profile and when it was fetched. */
export interface CachedProfile {
  profile: Profile;
  fetchedAt: string;
}

/** Profile operations on one connection. */
export interface ProfileStore {
  saveProfile(account: string, profile: Profile, fetchedAt: Date | string): void;
  profile(account: string): CachedProfile | null;
}

/** Prepares profile statements on `db`. */
export function createProfileStore(db: Database.Database): ProfileStore {
  const upsert = db.prepare(
    `INSERT INTO profiles (account_id, profile, fetched_at) VALUES (?, ?, ?)
     ON CONFLICT (account_id) DO UPDATE SET profile = excluded.profile, fetched_at = excluded.fetched_at`,
  );
  const read = db.prepare<[string], { profile: string; fetched_at: string }>(
    'SELECT profile, fetched_at FROM profiles WHERE account_id = ?',
  );
  return {
    saveProfile: (account, profile, fetchedAt) => {
      assertAccount(account);
      upsert.run(account, JSON.stringify(profile), isoInstant(fetchedAt));
    },
    profile: (account) => {
      assertAccount(account);
      const row = read.get(account);
      return row ? { profile: JSON.parse(row.profile) as Profile, fetchedAt: row.fetched_at } : null;
    },
  };
}
