import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTICE_MS, notify, notifyError, unnotify } from './notify';

function all(): NotificationData[] {
  const state = notificationsStore.getState();
  return [...state.notifications, ...state.queue];
}

describe('notify', () => {
  afterEach(() => notifications.clean());

  it('keeps one notice per kind: a new one replaces the one on screen, other kinds stay beside it', () => {
    notify({ kind: 'copy', tone: 'success', message: 'Copied A1' });
    notify({ kind: 'sync', tone: 'success', message: 'Sync finished' });
    notify({ kind: 'copy', tone: 'success', message: 'Copied B2' });
    expect(all().map((n) => n.message)).toEqual(['Copied B2', 'Sync finished']);
  });

  it('lets errors stay until closed, and everything else go by itself', () => {
    notifyError('sync', { code: 'NETWORK_OFFLINE', message: 'The service did not answer.' });
    notify({ kind: 'copy', tone: 'success', message: 'Copied A1' });
    notify({ kind: 'link', tone: 'warning', message: 'Only https links open.' });
    const [error, done, warning] = all();
    expect(error).toMatchObject({ color: 'red', autoClose: false, withCloseButton: true });
    expect(done).toMatchObject({ autoClose: NOTICE_MS, withCloseButton: true });
    expect(warning).toMatchObject({ autoClose: NOTICE_MS, withCloseButton: true });
  });

  it('takes a notice away by its kind', () => {
    notify({ kind: 'export', tone: 'progress', message: 'Writing…' });
    unnotify('export');
    unnotify('never-shown');
    expect(all()).toHaveLength(0);
  });
});
