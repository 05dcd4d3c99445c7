/**
 * What the user is told about a background sync's news: a notification naming the account and the news, and a count
 * on the app's icon of the news since the window was last in front. Electron-free: the desktop's parts are injected,
 * so the app and the e2e test host count the same way.
 */
import { newsCount, syncNewsText, type SyncNews } from './background-sync';

/** The desktop's parts the notifier uses. */
export interface NewsDesktop {
  setBadgeCount(count: number): void;
  /** Shows a notification (when the system has them); `onClick` runs when the user clicks it. */
  showNotification(text: { title: string; body: string }, onClick: () => void): void;
  /** Brings the app's window to the front. */
  bringForward(): void;
}

/** Shows news and clears the count once the user looked. */
export interface SyncNewsNotifier {
  notify(news: SyncNews): void;
  /** The window came to the front: the news has been seen. */
  seen(): void;
}

/** Builds the notifier over the desktop's parts. */
export function createNewsNotifier(desktop: NewsDesktop): SyncNewsNotifier {
  let unseen = 0;
  return {
    notify(news) {
      unseen += newsCount(news);
      desktop.setBadgeCount(unseen);
      desktop.showNotification(syncNewsText(news), () => desktop.bringForward());
    },
    seen() {
      if (unseen === 0) return;
      unseen = 0;
      desktop.setBadgeCount(0);
    },
  };
}
