/** The Compare section: a period against the one before, with a breakdown and its CSV. */
export { CompareScreen } from './compare-screen';
export { defaultPeriod, recentPeriods } from './compare-periods';
export { PeriodPicker } from './period-picker';
