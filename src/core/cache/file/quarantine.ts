/**
 * Moves a damaged or foreign cache aside instead of deleting it (D2): the user's data may still be
 * recoverable by hand, and the app must never destroy a file it did not understand.
 */
import { existsSync, renameSync } from 'node:fs';

/** SQLite's companion files, which belong to the main file and must move with it. */
const COMPANIONS = ['-wal', '-shm', '-journal'];

function freeTarget(path: string, stamp: string): string {
  const base = `${path}.corrupt-${stamp}`;
  let candidate = base;
  for (let n = 2; [candidate, ...COMPANIONS.map((c) => candidate + c)].some((p) => existsSync(p)); n++) {
    candidate = `${base}-${n}`;
  }
  return candidate;
}

/**
 * Renames `path` and its -wal/-shm/-journal to `<path>.corrupt-<timestamp>` (+ the same suffixes, so the set stays
 * openable together) and returns the new paths. `now` names the files, so two recoveries never collide.
 */
export function moveAside(path: string, now: Date): string[] {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const target = freeTarget(path, stamp);
  const moved: string[] = [];
  for (const suffix of ['', ...COMPANIONS]) {
    if (!existsSync(path + suffix)) continue;
    renameSync(path + suffix, target + suffix);
    moved.push(target + suffix);
  }
  return moved;
}
