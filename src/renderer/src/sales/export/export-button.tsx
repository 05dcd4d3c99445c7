/**
 * Exporting from the sales screen. "Export to Excel" writes what the screen shows — same filters, order and visible
 * columns, read from the cache by the main process. The menu beside it offers the same as CSV, and the accounting
 * presets (commission earned in a month, payments received in a month, all sales in a range), each in its dialog.
 */
import type { DayRange } from '../../../../shared/dates';
import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { useState } from 'react';
import { EXPORT_PRESETS, type ExportFormat, type ExportPresetId } from '../../../../shared/export-presets';
import type { ExportRequest } from '../../../../shared/ipc-contract';
import { DownloadIcon, SelectorIcon } from '../../common/icons';
import { ExportPresetDialog } from './export-preset-dialog';
import { StaleExportPrompt } from './stale-export-prompt';
import { useExportRunner } from './use-export-runner';

/** Props of {@link ExportButton}. */
export interface ExportButtonProps {
  /** Builds the request exporting what is shown, or null when nothing is shown. */
  request: (format: ExportFormat) => ExportRequest | null;
  today: string;
  /** The days shown, the default range of "All sales in a range". */
  shownRange: DayRange | null;
}

/** The "Export to Excel" button and its menu. */
export function ExportButton({ request, today, shownRange }: ExportButtonProps) {
  const exporter = useExportRunner();
  const [preset, setPreset] = useState<ExportPresetId | null>(null);
  const shown = request('xlsx');

  const exportShown = (format: ExportFormat) => {
    const what = request(format);
    if (what !== null) void exporter.run(what);
  };

  return (
    <Group gap={0} wrap="nowrap">
      <Button
        size="xs"
        leftSection={<DownloadIcon size={14} />}
        loading={exporter.running && preset === null}
        disabled={shown === null || exporter.running}
        onClick={() => exportShown('xlsx')}
        style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
      >
        Export to Excel
      </Button>
      <Menu position="bottom-end" withinPortal width={280}>
        <Menu.Target>
          <ActionIcon
            size={30}
            variant="filled"
            disabled={exporter.running}
            aria-label="More export formats"
            style={{
              borderTopLeftRadius: 0,
              borderBottomLeftRadius: 0,
              borderLeft: '1px solid var(--mantine-color-body)',
            }}
          >
            <SelectorIcon size={14} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>What is shown</Menu.Label>
          <Menu.Item disabled={shown === null} onClick={() => exportShown('xlsx')}>
            Excel workbook (.xlsx)
          </Menu.Item>
          <Menu.Item disabled={shown === null} onClick={() => exportShown('csv')}>
            CSV for other tools (.csv)
          </Menu.Item>
          <Menu.Divider />
          <Menu.Label>For your accountant</Menu.Label>
          {EXPORT_PRESETS.map((p) => (
            <Menu.Item key={p.id} onClick={() => setPreset(p.id)}>
              {p.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <ExportPresetDialog
        preset={preset}
        today={today}
        shownRange={shownRange}
        running={exporter.running}
        onClose={() => setPreset(null)}
        onExport={exporter.run}
        showsNoLongerReported={shown?.filter.includeNoLongerReported === true}
      />
      <StaleExportPrompt prompt={exporter.prompt} />
    </Group>
  );
}
