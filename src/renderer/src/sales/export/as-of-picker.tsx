/**
 * The "As of" field of the export dialog and the Payouts section: a past moment, in local time, at which a report is
 * produced as it was then (B1); empty means now. Later moments than now cannot be picked.
 */
import { DateTimePicker } from '@mantine/dates';
import { CalendarIcon } from '../../common/icons';
import { OsDatesProvider } from '../filters';

/** A picked local date-time ("2026-10-31 18:00:00") as an ISO instant. */
export function instantOf(moment: string): string {
  return new Date(moment.replace(' ', 'T')).toISOString();
}

/** Props of {@link AsOfPicker}. */
export interface AsOfPickerProps {
  value: string | null;
  onChange: (value: string | null) => void;
  description: string;
  /** The field's id, unique on the screen. */
  id?: string;
}

/** "As of": empty for the sales as they are now, or a past moment for a report as it was made then (B1). */
export function AsOfPicker({ value, onChange, description, id = 'export-as-of' }: AsOfPickerProps) {
  return (
    <OsDatesProvider>
      <DateTimePicker
        label="As of"
        description={description}
        placeholder="Now"
        value={value}
        onChange={onChange}
        maxDate={new Date()}
        clearable
        valueFormat="YYYY-MM-DD HH:mm"
        leftSection={<CalendarIcon size={16} />}
        nextLabel="Next month"
        previousLabel="Previous month"
        id={id}
        popoverProps={{ position: 'bottom-start', id }}
        submitButtonProps={{ 'aria-label': 'Use this moment' }}
      />
    </OsDatesProvider>
  );
}
