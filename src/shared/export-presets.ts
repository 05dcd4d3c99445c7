/**
 * Accounting presets for exports, as data shared by the export screen, the main process and the headless command,
 * so "Commission earned in a month" means exactly the same filter wherever it is chosen. A preset fixes the date
 * basis and the status filters; the date range and any other narrowing (currency, sub-ID, …) come from the user.
 */
import { isIsoDay } from './dates';
import type { DATE_BASES, SalesFilter } from './sales-query';

/** Which day a date range applies to. */
export type DateBasis = (typeof DATE_BASES)[number];

/** Preset identifiers, as sent in an export request and typed on the command line. */
export const EXPORT_PRESET_IDS = ['earned', 'payments', 'all'] as const;
export type ExportPresetId = (typeof EXPORT_PRESET_IDS)[number];

/** File formats an export can be written in. */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One preset: its label, a sentence explaining it, and the filter fields it sets. */
export interface ExportPreset {
  id: ExportPresetId;
  label: string;
  description: string;
  /** Whether the UI should offer a month picker ('month') or a free date range ('range'). */
  period: 'month' | 'range';
  dateBasis: DateBasis;
  /** Status lists the preset filters on; absent means every status. */
  commissionStatuses?: SalesFilter['commissionStatuses'];
  paymentStatuses?: SalesFilter['paymentStatuses'];
}

/** The presets, in the order to offer them. */
export const EXPORT_PRESETS: readonly ExportPreset[] = [
  {
    id: 'earned',
    label: 'Commission earned in a month',
    description: 'Approved sales by transaction date. Pending and declined sales are left out.',
    period: 'month',
    dateBasis: 'transaction',
    commissionStatuses: ['approved'],
  },
  {
    id: 'payments',
    label: 'Payments received in a month',
    description: 'Paid sales by payment date, whatever month the sale was made in.',
    period: 'month',
    dateBasis: 'payment',
    paymentStatuses: ['paid'],
  },
  {
    id: 'all',
    label: 'All sales in a range',
    description:
      'Every sale by transaction date, whatever its status. Declined sales are listed but not counted as earned.',
    period: 'range',
    dateBasis: 'transaction',
  },
];

/** The preset with `id`. */
export function exportPreset(id: ExportPresetId): ExportPreset {
  const preset = EXPORT_PRESETS.find((p) => p.id === id);
  if (!preset) throw new RangeError(`Unknown export preset ${id}.`);
  return preset;
}

/**
 * The filter a preset turns `filter` into: the preset's date basis and status lists replace the filter's own, and
 * everything else (the range, currencies, sub-IDs, text, …) is kept.
 */
export function applyExportPreset(id: ExportPresetId, filter: SalesFilter): SalesFilter {
  const preset = exportPreset(id);
  const next: SalesFilter = { ...filter, dateBasis: preset.dateBasis };
  delete next.commissionStatuses;
  delete next.paymentStatuses;
  if (preset.commissionStatuses) next.commissionStatuses = [...preset.commissionStatuses];
  if (preset.paymentStatuses) next.paymentStatuses = [...preset.paymentStatuses];
  return next;
}

/** The first and last day of a month written `yyyy-mm`; null when it is not a real month. */
export function monthRange(month: string): { from: string; to: string } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match || !isIsoDay(`${month}-01`)) return null;
  const [year, monthNumber] = [Number(match[1]), Number(match[2])];
  const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(lastDay).padStart(2, '0')}` };
}
