/**
 * The notification of an export, changed in place: its progress while the file is written, then its outcome — the
 * file with "Show in folder" and "Open", the error, or "cancelled". All exports share one kind of notice (see
 * notify.ts), so exports done one after another leave one message, the latest, instead of a wall of them.
 */
import { createElement, type ReactNode } from 'react';
import type { AppErrorData, IpcResult } from '../../../shared/errors';
import type { ExportResult } from '../../../shared/ipc-results';
import { errorTitle } from './error-title';
import { ExportedFileMessage } from './exported-file-message';
import { notify, unnotify, type Notice } from './notify';

/** How long a finished export's message stays (hovering or focusing it pauses the count). */
export const EXPORT_DONE_MS = 15_000;

/** The notification of one export. */
export interface ExportNotice {
  /** Shows or refreshes the progress; ignored once the export has an outcome. */
  progress(title: string, message: ReactNode): void;
  /** The file was written: `summary` names what and which file; the message offers to show or open it. */
  written(title: string, summary: string, filePath: string): void;
  failed(error: AppErrorData): void;
  cancelled(): void;
  /** Nothing to report (the save dialog was closed): the notification goes, if it was shown. */
  dismiss(): void;
}

const KIND = 'export';

/** A fresh notice; nothing shows until the first call. */
export function createExportNotice(): ExportNotice {
  let settled = false;
  const settle = (notice: Omit<Notice, 'kind'>) => {
    if (settled) return;
    settled = true;
    notify({ kind: KIND, ...notice });
  };

  return {
    progress(title, message) {
      if (settled) return;
      notify({ kind: KIND, tone: 'progress', title, message, testId: 'export-progress-notification' });
    },
    written(title, summary, filePath) {
      settle({
        tone: 'success',
        title,
        message: createElement(ExportedFileMessage, { summary, filePath }),
        autoClose: EXPORT_DONE_MS,
        testId: 'export-notification',
      });
    },
    failed(error) {
      settle({
        tone: 'error',
        title: errorTitle(error.code),
        message: error.message,
        testId: 'export-failed-notification',
      });
    },
    cancelled() {
      settle({
        tone: 'neutral',
        title: 'Export cancelled',
        message: 'No file was written.',
        testId: 'export-cancelled-notification',
      });
    },
    dismiss() {
      settled = true;
      unnotify(KIND);
    },
  };
}

/**
 * Says how a one-step export ended: the file written, with `summary` of what it holds, or the error; nothing when the
 * save dialog was closed. True when a file was written.
 */
export function announceExport(
  result: IpcResult<ExportResult>,
  title: string,
  summary: (rowCount: number, filePath: string) => string,
): boolean {
  const notice = createExportNotice();
  if (!result.ok) {
    notice.failed(result.error);
    return false;
  }
  const { filePath, rowCount } = result.value;
  if (filePath === null) return false;
  notice.written(title, summary(rowCount, filePath), filePath);
  return true;
}
