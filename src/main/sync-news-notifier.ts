/**
 * A background sync's news as the desktop shows it: a native notification from the main process (its permission is
 * the app's own; the renderer's notification permission stays denied) and a count on the app's icon (the dock on
 * macOS, the launcher on Linux) of the news since the window was last in front. Clicking the notification brings
 * the window forward, which clears the count.
 */
import { app, Notification, type BrowserWindow } from 'electron';
import { newsCount, syncNewsText, type SyncNews } from '../core/app';

/** Shows news and clears the count once the user looked. */
export interface SyncNewsNotifier {
  notify(news: SyncNews): void;
  /** The window came to the front: the news has been seen. */
  seen(): void;
}

/** Builds the notifier over the app's main window, looked up at each notification. */
export function createSyncNewsNotifier(mainWindow: () => BrowserWindow | null): SyncNewsNotifier {
  let unseen = 0;
  const bringForward = (): void => {
    const window = mainWindow();
    if (window === null) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };
  return {
    notify(news) {
      unseen += newsCount(news);
      app.setBadgeCount(unseen);
      if (!Notification.isSupported()) return;
      const notification = new Notification(syncNewsText(news));
      notification.on('click', bringForward);
      notification.show();
    },
    seen() {
      if (unseen === 0) return;
      unseen = 0;
      app.setBadgeCount(0);
    },
  };
}
