/**
 * Exports the whole filtered range (every page, not just the one on screen) to an Excel file the
 * main process writes. The result is reported in a notification that names the file, so people
 * know exactly where it went; a cancelled save dialog is not an event worth reporting.
 */
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ExportRequest, ExportResult } from '../../../shared/ipc-contract';
import { call } from '../common/bridge';
import { errorTitle } from '../common/error-title';
import { DownloadIcon } from '../common/icons';
import { exportedMessage } from './export-message';

/** Props of {@link ExportButton}. */
export interface ExportButtonProps {
  /** What to export, or null when the filters are not usable yet. */
  request: ExportRequest | null;
}

/** The "Export to Excel" button. */
export function ExportButton({ request }: ExportButtonProps) {
  const [running, setRunning] = useState(false);

  const run = async (what: ExportRequest) => {
    setRunning(true);
    const result = await call('exportSales', what);
    setRunning(false);
    if (!result.ok) {
      notifications.show({ color: 'red', title: errorTitle(result.error.code), message: result.error.message });
      return;
    }
    if (result.value.filePath !== null) showExported(result.value, result.value.filePath);
  };

  return (
    <Button
      leftSection={<DownloadIcon size={16} />}
      loading={running}
      disabled={request === null}
      onClick={() => request && void run(request)}
    >
      Export to Excel
    </Button>
  );
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
