import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { createExportNotice, EXPORT_DONE_MS } from './export-notice';

function all(): NotificationData[] {
  const state = notificationsStore.getState();
  return [...state.notifications, ...state.queue];
}

describe('createExportNotice', () => {
  afterEach(() => notifications.clean());

  it('keeps one notification per export, from progress to the file, and ignores progress that arrives late', () => {
    const notice = createExportNotice();
    notice.progress('Exporting a.xlsx', '10 of 60 sales written');
    notice.progress('Exporting a.xlsx', '50 of 60 sales written');
    expect(all()).toHaveLength(1);
    expect(all()[0]).toMatchObject({ loading: true, autoClose: false, 'data-testid': 'export-progress-notification' });

    notice.written('Export finished', 'Exported 60 sales to /tmp/a.xlsx', '/tmp/a.xlsx');
    notice.progress('Exporting a.xlsx', '60 of 60 sales written');
    expect(all()).toHaveLength(1);
    expect(all()[0]).toMatchObject({
      title: 'Export finished',
      loading: false,
      autoClose: EXPORT_DONE_MS,
      'data-testid': 'export-notification',
    });
  });

  it('keeps one export notification on screen: the next export’s outcome replaces the last, and an error stays', () => {
    const first = createExportNotice();
    const second = createExportNotice();
    first.written('Export finished', 'Exported 1 sale to a.csv', '/tmp/a.csv');
    second.failed({ code: 'EXPORT_FAILED', message: 'The disk is full.' });
    const shown = all();
    expect(shown.map((n) => n['data-testid'])).toEqual(['export-failed-notification']);
    expect(shown[0]).toMatchObject({ message: 'The disk is full.', autoClose: false, withCloseButton: true });
  });

  it('removes a progress notification when nothing was written, and shows nothing when it never appeared', () => {
    const shownThenClosed = createExportNotice();
    shownThenClosed.progress('Exporting a.xlsx', 'Preparing…');
    shownThenClosed.dismiss();
    createExportNotice().dismiss();
    expect(all()).toHaveLength(0);
  });

  it('says a cancelled export wrote no file, in the same notification', () => {
    const notice = createExportNotice();
    notice.progress('Exporting a.xlsx', 'Preparing…');
    notice.cancelled();
    expect(all()).toHaveLength(1);
    expect(all()[0]).toMatchObject({ title: 'Export cancelled', message: 'No file was written.', loading: false });
  });
});
