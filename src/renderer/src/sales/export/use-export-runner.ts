/**
 * Runs one export at a time. First it asks the main process what the file would say about its statuses: a
 * payments export whose open sales were checked more than a day ago (a payment may have arrived since) stops
 * before the save dialog and lets the person sync first or export anyway (T3). Then it sends the request, shows the
 * rows written in the export's one notification (polled from the main process, with Cancel) while the file is
 * written, and turns that same notification into the result naming the file, with "Show in folder" and "Open" — so
 * people know exactly where it went and get there in one click. A cancelled save dialog is not an event worth
 * reporting.
 */
import { createElement, useCallback, useRef, useState } from 'react';
import type { IpcResult } from '../../../../shared/errors';
import type { ExportRequest, ExportResult } from '../../../../shared/ipc-contract';
import { call } from '../../common/bridge';
import { createExportNotice, type ExportNotice } from '../../common/export-notice';
import { useSyncActions } from '../../sync';
import { ExportProgressMessage } from './export-progress-message';
import { exportedMessage } from './export-request';
import { notify, notifyError } from '../../common/notify';

const POLL_MS = 300;

/** What the person chose when warned that a payments export's statuses are stale. */
export type StaleChoice = 'sync' | 'export' | 'cancel';

/** The warning on screen, and how to answer it. */
export interface StalePrompt {
  warning: string;
  answer: (choice: StaleChoice) => void;
}

/** The export runner of a screen. */
export interface ExportRunner {
  running: boolean;
  /** Runs an export; resolves to true once a file was written. */
  run: (request: ExportRequest) => Promise<boolean>;
  /** The stale-statuses warning waiting for an answer, or null. */
  prompt: StalePrompt | null;
}

/** Whether an export runs, the way to start one, and its pending warning. */
export function useExportRunner(): ExportRunner {
  const [running, setRunning] = useState(false);
  const [prompt, setPrompt] = useState<StalePrompt | null>(null);
  const busy = useRef(false);
  const { startRoutine } = useSyncActions();

  /** Asks before exporting stale statuses; resolves to true when the export should go ahead. */
  const confirmFresh = useCallback(
    async (request: ExportRequest): Promise<boolean> => {
      const check = await call('exportFreshness', request);
      if (!check.ok) {
        notifyError('export', check.error);
        return false;
      }
      const warning = check.value.staleWarning;
      if (warning === null) return true;
      const choice = await new Promise<StaleChoice>((answer) => setPrompt({ warning, answer }));
      setPrompt(null);
      if (choice === 'sync') {
        const error = await startRoutine();
        if (error === null) {
          notify({
            kind: 'export',
            tone: 'info',
            title: 'Syncing before the export',
            message:
              'No file was written. Export again once the sync has finished, and the open sales’ statuses will be current.',
            testId: 'export-after-sync-notification',
          });
        }
      }
      return choice === 'export';
    },
    [startRoutine],
  );

  const run = useCallback(
    async (request: ExportRequest) => {
      if (busy.current) return false;
      busy.current = true;
      setRunning(true);
      if (!(await confirmFresh(request))) {
        busy.current = false;
        setRunning(false);
        return false;
      }
      const notice = createExportNotice();
      const cancel = () => void call('cancelExport');
      const poller = setInterval(() => {
        void call('getExportProgress').then((result) => {
          if (!result.ok || result.value.state !== 'running') return;
          const file = result.value.fileName ?? (request.format === 'csv' ? 'a CSV file' : 'an Excel workbook');
          notice.progress(
            `Exporting ${file}`,
            createElement(ExportProgressMessage, { progress: result.value, onCancel: cancel }),
          );
        });
      }, POLL_MS);
      const result = await call('exportSales', request);
      clearInterval(poller);
      busy.current = false;
      setRunning(false);
      return reportOutcome(notice, result);
    },
    [confirmFresh],
  );

  return { running, run, prompt };
}

/** Turns the export's notice into its outcome; true when a file was written. */
function reportOutcome(notice: ExportNotice, result: IpcResult<ExportResult>): boolean {
  if (!result.ok) {
    if (result.error.code === 'CANCELLED') notice.cancelled();
    else notice.failed(result.error);
    return false;
  }
  const filePath = result.value.filePath;
  if (filePath === null) {
    notice.dismiss();
    return false;
  }
  notice.written('Export finished', exportedMessage(result.value, filePath), filePath);
  return true;
}
