/**
 * How often the app syncs by itself while it is open. A routine sync checks new sales and every open sale; when it
 * brings news the app shows a notification and counts the news on its icon. Off stops the schedule; syncing by hand
 * still works.
 */
import { Select } from '@mantine/core';
import { usePreferences } from '../common/preferences-context';

const CHOICES = [
  { value: '0', label: 'Off — sync only when I ask' },
  { value: '1', label: 'Every hour' },
  { value: '3', label: 'Every 3 hours' },
  { value: '6', label: 'Every 6 hours' },
  { value: '12', label: 'Every 12 hours' },
  { value: '24', label: 'Once a day' },
];

/** The background sync interval, saved as soon as it is chosen. */
export function BackgroundSyncSetting() {
  const { prefs, update } = usePreferences();
  const current = String(prefs.backgroundSyncHours);
  const data = CHOICES.some((choice) => choice.value === current)
    ? CHOICES
    : [...CHOICES, { value: current, label: `Every ${current} hours` }];
  return (
    <Select
      label="Sync in the background"
      description="While Commission Desk is open it syncs by itself and tells you when new sales arrive or statuses change. On a metered connection, choose Off."
      data={data}
      value={current}
      allowDeselect={false}
      onChange={(value) => value !== null && update({ backgroundSyncHours: Number(value) })}
      maw={420}
      data-testid="background-sync-setting"
    />
  );
}
