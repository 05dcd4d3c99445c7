/**
 * A background sync's news as the desktop shows it: a native notification from the main process (its permission is
 * the app's own; the renderer's notification permission stays denied) and a count on the app's icon (the dock on
 * macOS, the launcher on Linux) of the news since the window was last in front. Clicking the notification brings
 * the window forward, which clears the count. The counting is the core's (news-notifier.ts); this is Electron's side.
 */
import { app, Notification, type BrowserWindow } from 'electron';
import { createNewsNotifier, type SyncNewsNotifier } from '../core/app';

export type { SyncNewsNotifier } from '../core/app';

/** Builds the notifier over the app's main window, looked up at each notification. */
export function createSyncNewsNotifier(mainWindow: () => BrowserWindow | null): SyncNewsNotifier {
  return createNewsNotifier({
    setBadgeCount: (count) => app.setBadgeCount(count),
    showNotification: (text, onClick) => {
      if (!Notification.isSupported()) return;
      const notification = new Notification(text);
      notification.on('click', onClick);
      notification.show();
    },
    bringForward: () => {
      const window = mainWindow();
      if (window === null) return;
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
    },
  });
}
