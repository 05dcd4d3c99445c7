/**
 * The file name proposed in the save dialog: the account, what the report is and the period, so a folder of
 * month-end files sorts and reads well ("commission-desk-main-shop-payments-received-2026-01.xlsx"). Only letters,
 * digits and dashes, so the name is valid on every file system.
 */
import { monthRange, type ExportPresetId } from '../../shared/export-presets';
import type { SalesFilter } from '../../shared/sales-query';
import type { ResolvedExport } from './export-sales';

const REPORT_NAMES: Readonly<Record<ExportPresetId, string>> = {
  earned: 'commission-earned',
  payments: 'payments-received',
  all: 'all-sales',
};

function slug(text: string): string {
  const cleaned = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return cleaned || 'account';
}

function period(filter: SalesFilter): string {
  const { from, to } = filter;
  if (from !== undefined && to !== undefined) {
    const month = from.slice(0, 7);
    const whole = monthRange(month);
    if (whole && whole.from === from && whole.to === to) return month;
    return from === to ? from : `${from}-to-${to}`;
  }
  if (from !== undefined) return `from-${from}`;
  if (to !== undefined) return `until-${to}`;
  return 'all-dates';
}

/** The proposed file name of an export of `plan` for the account labelled `accountLabel`. */
export function proposedExportName(
  accountLabel: string,
  plan: Pick<ResolvedExport, 'filter' | 'format' | 'preset'>,
): string {
  const report = plan.preset ? REPORT_NAMES[plan.preset] : 'sales';
  return `commission-desk-${slug(accountLabel)}-${report}-${period(plan.filter)}.${plan.format}`;
}
