/**
 * The test host's stand-in for the clock and the desktop of the background sync: the schedule's timers never fire by
 * themselves, a test fires the pending one through {@link BACKGROUND_SYNC_PATH}, and the notifications and icon badge
 * the app would show are recorded there (counted by the app's own notifier, news-notifier.ts). The window coming to
 * the front, which tells the app the news was seen, is {@link WINDOW_FOCUS_PATH}.
 */
import type { ServerResponse } from 'node:http';
import { createNewsNotifier, type ScheduleTimers, type SyncNews } from '../../src/core/app';

/** GET: the record; POST `…/fire`: runs the scheduled sync now and answers once it has finished. */
export const BACKGROUND_SYNC_PATH = '/__test/background-sync';
/** POST: the app's window came to the front (the app's notifier then counts the news as seen). */
export const WINDOW_FOCUS_PATH = '/__test/window-focus';

/** What {@link BACKGROUND_SYNC_PATH} answers. */
export interface BackgroundRecord {
  /** Milliseconds until the pending background sync, or null when none is scheduled (the setting is off). */
  scheduledMs: number | null;
  /** Background syncs fired so far. */
  fired: number;
  /** Notifications shown, oldest first, with the news they were about. */
  notifications: { title: string; body: string }[];
  /** The count on the app's icon, every value it was set to, oldest first. */
  badgeCounts: number[];
}

/** The answer of a fire: whether a sync was scheduled (and so ran). */
export interface FireResult {
  fired: boolean;
}

interface Pending {
  id: number;
  run: () => void;
  ms: number;
}

/** The longest a fired sync may take before the fire answers anyway. */
const FIRE_TIMEOUT_MS = 120_000;

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

/** Builds the control: pass `timers` and `onSyncNews` to the core, route the two paths to `serve`. */
export function createBackgroundControl() {
  let pending: Pending | null = null;
  let nextId = 1;
  let fired = 0;
  // A tick ends by scheduling the next one (or by not scheduling it when the setting went off, see `finishFire`).
  let onSet: (() => void) | null = null;
  const record: Omit<BackgroundRecord, 'scheduledMs' | 'fired'> = { notifications: [], badgeCounts: [] };
  const timers: ScheduleTimers = {
    set: (run, ms) => {
      pending = { id: nextId++, run, ms };
      onSet?.();
      return pending.id;
    },
    clear: (handle) => {
      if (pending?.id === handle) pending = null;
    },
  };
  const notifier = createNewsNotifier({
    setBadgeCount: (count) => record.badgeCounts.push(count),
    showNotification: (text) => record.notifications.push({ ...text }),
    bringForward: () => undefined,
  });

  async function fire(): Promise<FireResult> {
    const due = pending;
    if (due === null) return { fired: false };
    pending = null;
    fired += 1;
    const finished = new Promise<void>((done) => {
      const timeout = setTimeout(done, FIRE_TIMEOUT_MS);
      onSet = () => {
        clearTimeout(timeout);
        onSet = null;
        done();
      };
    });
    due.run();
    await finished;
    return { fired: true };
  }

  return {
    timers,
    onSyncNews: (news: SyncNews) => notifier.notify(news),
    async serve(method: string, path: string, response: ServerResponse): Promise<void> {
      if (path === WINDOW_FOCUS_PATH && method === 'POST') {
        notifier.seen();
        return sendJson(response, 200, { ok: true });
      }
      if (path === BACKGROUND_SYNC_PATH && method === 'GET') {
        const answer: BackgroundRecord = { scheduledMs: pending?.ms ?? null, fired, ...record };
        return sendJson(response, 200, answer);
      }
      if (path === `${BACKGROUND_SYNC_PATH}/fire` && method === 'POST') return sendJson(response, 200, await fire());
      sendJson(response, 404, { error: 'unknown test path' });
    },
  };
}
