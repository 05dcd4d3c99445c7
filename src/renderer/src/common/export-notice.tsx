/**
 * One notification per export, changed in place: its progress while the file is written, then its outcome — the file
 * with "Show in folder" and "Open", the error, or "cancelled". Exports done one after another therefore leave one
 * message each instead of a progress toast plus a result toast per export, and the notifications' own limit keeps the
 * rest queued, so the corner never fills with a wall of them.
 */
import { notifications, type NotificationData } from '@mantine/notifications';
import { createElement, type ReactNode } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import { errorTitle } from './error-title';
import { ExportedFileMessage } from './exported-file-message';

/** How long a finished export's message stays (hovering or focusing it pauses the count). */
export const EXPORT_DONE_MS = 15_000;

/** The notification of one export. */
export interface ExportNotice {
  /** Shows or refreshes the progress; ignored once the export has an outcome. */
  progress(title: string, message: ReactNode): void;
  /** The file was written: `summary` names what and where; the message offers to show or open it. */
  written(title: string, summary: string, filePath: string): void;
  failed(error: AppErrorData): void;
  cancelled(): void;
  /** Nothing to report (the save dialog was closed): the notification goes, if it was shown. */
  dismiss(): void;
}

let sequence = 0;

/** A fresh notice with its own stable id; nothing shows until the first call. */
export function createExportNotice(): ExportNotice {
  sequence += 1;
  const id = `export-${sequence}`;
  let shown = false;
  let settled = false;

  const put = (data: NotificationData & { 'data-testid': string }) => {
    // A notification closed by hand (dragged away) is shown again for the outcome.
    const onClose = () => {
      shown = false;
    };
    // The message is what the person acts on: full text colour, not the dimmed default that is hard to read.
    const full = { ...data, styles: { description: { color: 'var(--mantine-color-text)' } }, id, onClose };
    if (shown) notifications.update(full);
    else notifications.show(full);
    shown = true;
  };
  const settle = (data: NotificationData & { 'data-testid': string }) => {
    if (settled) return;
    settled = true;
    put({
      loading: false,
      withCloseButton: true,
      closeButtonProps: { 'aria-label': 'Dismiss' },
      autoClose: EXPORT_DONE_MS,
      ...data,
    });
  };

  return {
    progress(title, message) {
      if (settled) return;
      put({
        title,
        message,
        color: 'blue',
        loading: true,
        autoClose: false,
        withCloseButton: false,
        'data-testid': 'export-progress-notification',
      });
    },
    written(title, summary, filePath) {
      settle({
        title,
        message: createElement(ExportedFileMessage, { summary, filePath }),
        color: 'teal',
        'data-testid': 'export-notification',
      });
    },
    failed(error) {
      settle({
        title: errorTitle(error.code),
        message: error.message,
        color: 'red',
        'data-testid': 'export-failed-notification',
      });
    },
    cancelled() {
      settle({
        title: 'Export cancelled',
        message: 'No file was written.',
        color: 'gray',
        autoClose: 5_000,
        'data-testid': 'export-cancelled-notification',
      });
    },
    dismiss() {
      settled = true;
      if (shown) notifications.hide(id);
    },
  };
}
