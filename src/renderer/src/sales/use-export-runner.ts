/**
 * Runs one export at a time: sends the request, shows the rows written in a notification (polled from the main
 * process, with Cancel) while the file is written, and reports the result naming the file — so people know exactly
 * where it went. A cancelled save dialog is not an event worth reporting.
 */
import { notifications } from '@mantine/notifications';
import { createElement, useCallback, useRef, useState } from 'react';
import type { ExportRequest, ExportResult } from '../../../shared/ipc-contract';
import { call } from '../common/bridge';
import { errorTitle } from '../common/error-title';
import { ExportProgressMessage } from './export-progress-message';
import { exportedMessage } from './export-request';

const PROGRESS_ID = 'export-progress';
const POLL_MS = 300;

/** Whether an export runs, and the way to start one; resolves to true once a file was written. */
export function useExportRunner(): { running: boolean; run: (request: ExportRequest) => Promise<boolean> } {
  const [running, setRunning] = useState(false);
  const busy = useRef(false);

  const run = useCallback(async (request: ExportRequest) => {
    if (busy.current) return false;
    busy.current = true;
    setRunning(true);
    let shown = false;
    const cancel = () => void call('cancelExport');
    const poller = setInterval(() => {
      void call('getExportProgress').then((result) => {
        if (!result.ok || result.value.state !== 'running' || !busy.current) return;
        const options = {
          id: PROGRESS_ID,
          title: `Exporting ${result.value.fileName ?? (request.format === 'csv' ? 'a CSV file' : 'an Excel workbook')}`,
          message: createElement(ExportProgressMessage, { progress: result.value, onCancel: cancel }),
          autoClose: false as const,
          withCloseButton: false,
          loading: true,
        };
        if (shown) notifications.update(options);
        else notifications.show(options);
        shown = true;
      });
    }, POLL_MS);
    const result = await call('exportSales', request);
    clearInterval(poller);
    busy.current = false;
    notifications.hide(PROGRESS_ID);
    setRunning(false);
    if (!result.ok) {
      if (result.error.code === 'CANCELLED') {
        notifications.show({ color: 'gray', title: 'Export cancelled', message: 'No file was written.' });
      } else {
        notifications.show({ color: 'red', title: errorTitle(result.error.code), message: result.error.message });
      }
      return false;
    }
    if (result.value.filePath === null) return false;
    showExported(result.value, result.value.filePath);
    return true;
  }, []);

  return { running, run };
}

function showExported(result: ExportResult, filePath: string) {
  notifications.show({
    color: 'teal',
    title: 'Export finished',
    message: exportedMessage(result, filePath),
    autoClose: 10_000,
    styles: { description: { overflowWrap: 'anywhere' } },
    'data-testid': 'export-notification',
  });
}
