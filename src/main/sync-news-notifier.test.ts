import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetElectronStandIn, type StandInRecord } from '../../test-support/electron-stand-in';
import { createSyncNewsNotifier } from './sync-news-notifier';

vi.mock('electron', async () => (await import('../../test-support/electron-stand-in')).electronStandInModule);

/** A window that counts how it was brought forward. */
class FakeWindow extends EventEmitter {
  minimized = true;
  calls: string[] = [];
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
    this.calls.push('restore');
  }
  show(): void {
    this.calls.push('show');
  }
  focus(): void {
    this.calls.push('focus');
  }
}

let record: StandInRecord;
beforeEach(() => {
  record = resetElectronStandIn({ isPackaged: true, userData: '/nonexistent' });
});

describe('news from a background sync on the desktop', () => {
  it('shows a native notification naming the account and the news, counts it on the app icon, and clears the count once seen', async () => {
    const window = new FakeWindow();
    const notifier = createSyncNewsNotifier(() => window as never);
    notifier.notify({ accountLabel: 'Shop', newSales: 3, statusChanges: 4 });
    notifier.notify({ accountLabel: 'Shop', newSales: 0, statusChanges: 2 });
    expect(record.notifications.map((n) => n.title)).toEqual([
      'Shop: 3 new sales and 4 status changes',
      'Shop: 2 status changes',
    ]);
    expect(record.badgeCounts).toEqual([7, 9]);

    const { electronStandInModule } = await import('../../test-support/electron-stand-in');
    electronStandInModule.Notification.shown.at(-1)?.emit('click');
    expect(window.calls).toEqual(['restore', 'show', 'focus']);

    notifier.seen();
    notifier.seen();
    expect(record.badgeCounts).toEqual([7, 9, 0]);
  });
});
