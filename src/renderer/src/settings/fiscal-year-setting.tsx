/**
 * The month the person's fiscal year starts in, for the "This fiscal year" and "Last fiscal year" date presets of
 * the sales screen, and the day of that month, for the fiscal year on Payouts (6 April: months from the 6th to the
 * 5th). Month names come from the computer's language, like every other date in the app.
 */
import { Group, Paper, Select, Title } from '@mantine/core';
import { usePreferences } from '../common/preferences-context';

/** The twelve months as choices, "1" for January, named in the user's locale. */
function monthChoices(locale?: string): { value: string; label: string }[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: format.format(new Date(Date.UTC(2000, i, 1))),
  }));
}

/** The days a fiscal year can start on: 1 to 28, which every month has. */
const DAY_CHOICES = Array.from({ length: 28 }, (_, i) => String(i + 1));

/** The "Dates" card of Settings: the fiscal year's first month and day, saved as soon as they are chosen. */
export function FiscalYearSetting() {
  const { prefs, update } = usePreferences();
  return (
    <Paper withBorder radius="md" p="md" data-testid="settings-dates">
      <Title order={3} size="h5" mb="sm">
        Dates
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Fiscal year starts in"
          description="Used by the “This fiscal year” and “Last fiscal year” dates of the sales screen. Quarters stay calendar quarters."
          data={monthChoices()}
          value={String(prefs.fiscalYearStartMonth)}
          allowDeselect={false}
          onChange={(value) => value !== null && update({ fiscalYearStartMonth: Number(value) })}
          maw={420}
          data-testid="fiscal-year-setting"
        />
        <Select
          label="On day"
          description="For the fiscal year on Payouts: 6 runs each month from the 6th to the 5th."
          data={DAY_CHOICES}
          value={String(prefs.fiscalYearStartDay)}
          allowDeselect={false}
          onChange={(value) => value !== null && update({ fiscalYearStartDay: Number(value) })}
          w={200}
          data-testid="fiscal-year-day-setting"
        />
      </Group>
    </Paper>
  );
}
