/** The two controls that choose a period: its length (month, quarter, year) and which one. */
import { SegmentedControl, Select } from '@mantine/core';
import type { CompareUnit } from '../../../shared/compare-periods';
import { PERIOD_UNITS, type PeriodChoice } from './compare-periods';

/** Props of {@link PeriodPicker}. */
export interface PeriodPickerProps {
  unit: CompareUnit;
  onUnit: (unit: CompareUnit) => void;
  periods: PeriodChoice[];
  /** The chosen period's first day, one of `periods`. */
  value: string;
  onChange: (from: string) => void;
  testId: string;
}

/** The period length, then the period; the caller lays them out in its own row of controls. */
export function PeriodPicker({ unit, onUnit, periods, value, onChange, testId }: PeriodPickerProps) {
  return (
    <>
      <SegmentedControl
        aria-label="Period length"
        data={PERIOD_UNITS}
        value={unit}
        onChange={(next) => onUnit(next as CompareUnit)}
      />
      <Select
        label="Period"
        data={periods}
        value={value}
        onChange={(next) => next !== null && onChange(next)}
        allowDeselect={false}
        w={220}
        data-testid={testId}
      />
    </>
  );
}
