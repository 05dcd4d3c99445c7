/**
 * The accounting export dialog: a preset from `src/shared/export-presets.ts` ("Commission earned in a month",
 * "Payments received in a month", "All sales in a range"), its month or its dates, and the file format. The main
 * process applies the preset's date basis and statuses, so the file means the same wherever the preset is chosen.
 * When the chosen days are not all synced yet (transaction-date presets), the dialog says so before exporting. Sales
 * the service no longer reports are left out unless the person includes them (T5). A past moment may be picked: the
 * file then holds the sales as they were then, as a file made at that moment did (B1). With a home currency set, the
 * file can carry the figures converted into it (L2).
 */
import type { DayRange } from '../../../../shared/dates';
import { Alert, Button, Checkbox, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { exportPreset, monthRange, type ExportFormat, type ExportPresetId } from '../../../../shared/export-presets';
import type { ExportRequest } from '../../../../shared/ipc-contract';
import { rateDayWords } from '../../../../shared/rate-rule';
import type { SalesPageResult } from '../../../../shared/sales-query-types';
import { call } from '../../common/bridge';
import { formatPickedDays } from '../../common/format';
import { CalendarIcon, InfoIcon } from '../../common/icons';
import { usePreferences } from '../../common/preferences-context';
import { useBridgeQuery } from '../../common/use-bridge-query';
import { presetChoices, OsDatesProvider, rangeProblems } from '../filters';
import { previousMonth, recentMonths } from './export-months';
import { AsOfPicker, instantOf } from './as-of-picker';
import { missingText } from '../freshness';

/** Props of {@link ExportPresetDialog}. */
export interface ExportPresetDialogProps {
  /** The preset chosen, or null while closed. */
  preset: ExportPresetId | null;
  today: string;
  /** The days the sales screen shows, the default of "All sales in a range". */
  shownRange: DayRange | null;
  running: boolean;
  onClose: () => void;
  /** Runs the export; resolves to true when a file was written. */
  onExport: (request: ExportRequest) => Promise<boolean>;
  /** Saved accounts to export together (each row naming its account); absent: the open account only. */
  accountIds?: readonly string[];
  /** The screen shows the sales no longer reported, so the export includes them unless the person unticks it. */
  showsNoLongerReported?: boolean;
}

const FORMATS: { value: ExportFormat; label: string }[] = [
  { value: 'xlsx', label: 'Excel workbook (.xlsx)' },
  { value: 'csv', label: 'CSV (.csv)' },
];

/** The preset export dialog. */
export function ExportPresetDialog({ preset, onClose, ...rest }: ExportPresetDialogProps) {
  const details = preset === null ? null : exportPreset(preset);
  return (
    <Modal opened={preset !== null} onClose={onClose} title={details?.label ?? 'Export'} centered size="md">
      {preset !== null && <DialogBody key={preset} preset={preset} onClose={onClose} {...rest} />}
    </Modal>
  );
}

function DialogBody({
  preset,
  today,
  shownRange,
  running,
  onClose,
  onExport,
  accountIds,
  showsNoLongerReported = false,
}: Omit<ExportPresetDialogProps, 'preset'> & { preset: ExportPresetId }) {
  const details = exportPreset(preset);
  const months = recentMonths(today);
  const [month, setMonth] = useState(previousMonth(today));
  const [from, setFrom] = useState(shownRange?.from ?? monthRange(previousMonth(today))?.from ?? today);
  const [to, setTo] = useState(shownRange?.to ?? today);
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [includeUnreported, setIncludeUnreported] = useState(showsNoLongerReported);
  const [asOfMoment, setAsOfMoment] = useState<string | null>(null);
  const { prefs } = usePreferences();
  const [withHome, setWithHome] = useState(false);
  const home = prefs.homeCurrency;
  const withBridge = format === 'xlsx' && preset !== 'all' && accountIds === undefined;
  const problems = details.period === 'range' ? rangeProblems(from, to) : {};
  const range = details.period === 'month' ? monthRange(month) : problems.from || problems.to ? null : { from, to };

  // Coverage is known for transaction dates only, and of the open account only.
  const coverage = useBridgeQuery<SalesPageResult | null>(
    async () =>
      range === null || details.dateBasis !== 'transaction' || accountIds !== undefined
        ? { ok: true as const, value: null }
        : call('querySales', {
            filter: { from: range.from, to: range.to },
            sort: { column: 'transactionDate', direction: 'desc' },
            offset: 0,
            limit: 1,
          }),
    `${preset}|${range?.from}|${range?.to}`,
  );
  const asOf = coverage.data?.dataAsOf ?? null;

  const submit = async () => {
    if (range === null) return;
    const filter = { from: range.from, to: range.to, ...(includeUnreported ? { includeNoLongerReported: true } : {}) };
    const written = await onExport({
      filter,
      format,
      preset,
      ...(accountIds ? { accounts: [...accountIds] } : {}),
      ...(asOfMoment === null ? {} : { asOf: instantOf(asOfMoment) }),
      ...(withHome && home !== null ? { home: true } : {}),
    });
    if (written) onClose();
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {details.description}
      </Text>
      {accountIds !== undefined && (
        <Text size="sm" c="dimmed" data-testid="export-several-accounts">
          One file for {accountIds.length} accounts, each row naming its account. It holds the sales on this computer:
          sync each account first for a complete report.
        </Text>
      )}
      {details.period === 'month' ? (
        <Select
          label="Month"
          data={months}
          value={month}
          allowDeselect={false}
          onChange={(value) => value && setMonth(value)}
          maxDropdownHeight={260}
        />
      ) : (
        <ExportDays
          from={from}
          to={to}
          today={today}
          error={problems.from ?? problems.to}
          onChange={(days) => [setFrom(days[0] ?? ''), setTo(days[1] ?? '')]}
        />
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500} id="export-format-label">
          Format
        </Text>
        <SegmentedControl
          aria-labelledby="export-format-label"
          value={format}
          onChange={(value) => setFormat(value as ExportFormat)}
          data={FORMATS}
        />
      </Stack>
      <Checkbox
        label="Include sales no longer reported"
        description="Sales the service stopped returning when their day was fetched again. Left out by default; included, they are listed and counted, and the Summary says how many."
        checked={includeUnreported}
        onChange={(event) => setIncludeUnreported(event.currentTarget.checked)}
      />
      {home !== null && (
        <Checkbox
          label={`Add figures in ${home} (approximate)`}
          description={`Each sale’s commission at ${rateDayWords('earned', prefs.earnedRateDay)} and, once paid, at ${rateDayWords('received', prefs.receivedRateDay)}, from the stored ECB rates${withBridge ? `, and a Bridge in ${home} sheet` : ''}. The rule is in Settings.`}
          checked={withHome}
          onChange={(event) => setWithHome(event.currentTarget.checked)}
          data-testid="export-home"
        />
      )}
      <AsOfPicker
        value={asOfMoment}
        onChange={setAsOfMoment}
        description="Empty: the sales as they are now. A past moment: the file as it was made then, each sale with its values then."
      />
      {asOf !== null && !asOf.complete && (
        <Alert color="yellow" variant="light" icon={<InfoIcon size={18} />} p="xs">
          <Text size="sm">
            Not every day of this period is synced yet (missing {missingText(asOf.missing)}). The file will hold only
            the sales on this computer; sync first for a complete report.
          </Text>
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={running}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} loading={running} disabled={range === null}>
          Export
        </Button>
      </Group>
    </Stack>
  );
}

/** The days of "All sales in a range": a range picker in the OS locale with the sales screen's presets as shortcuts. */
function ExportDays({
  from,
  to,
  today,
  error,
  onChange,
}: {
  from: string;
  to: string;
  today: string;
  error: string | undefined;
  onChange: (days: [string | null, string | null]) => void;
}) {
  const { fiscalYearStartMonth } = usePreferences().prefs;
  return (
    <OsDatesProvider>
      <DatePickerInput
        type="range"
        label="Dates"
        placeholder="Pick the first and last day"
        leftSection={<CalendarIcon size={16} />}
        value={[from || null, to || null]}
        onChange={onChange}
        presets={presetChoices(today, fiscalYearStartMonth)}
        valueFormatter={formatPickedDays}
        maxDate={today}
        allowSingleDateInRange
        withNativeLevelSelect
        nextLabel="Next month"
        previousLabel="Previous month"
        error={error}
        // The calendar is named by its field: the popover's id is the field's (Mantine gives them different ones).
        id="export-dates"
        popoverProps={{ position: 'bottom-start', id: 'export-dates' }}
      />
    </OsDatesProvider>
  );
}
