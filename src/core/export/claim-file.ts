/**
 * The claim file (B4): the sales owed or pending for more than 90 days, one per line with what a support request to
 * the platform needs — reference, dates, amounts, statuses, sub-ID, product — and the sale's history as the cache saw
 * it. CSV with the exports' safety (formula text neutralised), written atomically.
 */
import { checkTimeText } from '../../shared/dates';
import { EXPORT_COLUMN_LABELS, type ExportColumnId } from '../../shared/export-columns';
import { CHANGE_FIELD_LABELS } from '../../shared/sale-changes';
import type { SaleChange } from '../../shared/sales-query-types';
import type { SalesCache } from '../cache';
import { overdueSales } from '../payouts';
import { writeTextAtomically } from './atomic-file';
import { csvLine } from './csv-writer';
import { csvTextField } from './text-safety';

/** The sale columns of a claim file, then its History column. */
const CLAIM_COLUMNS: readonly ExportColumnId[] = [
  'reference',
  'transactionDate',
  'productName',
  'subid',
  'currency',
  'transactionAmount',
  'commissionAmount',
  'commissionStatus',
  'paymentStatus',
  'paymentDate',
];

/** What a claim file needs from the cache. */
export type ClaimFileCache = Pick<SalesCache, 'iterateSales' | 'saleHistory'>;

/** One change as the History column words it: "2026-08-01 10:00 UTC Commission: pending → approved". */
function changeText(change: SaleChange): string {
  const value = (text: string | null, currency: string | null) =>
    text === null || text === '' ? 'none' : currency === null ? text : `${text} ${currency}`;
  const restated = change.restatement ? ` (restates the payout of ${change.paidOn ?? 'a paid period'})` : '';
  return `${checkTimeText(change.changedAt)} ${CHANGE_FIELD_LABELS[change.field]}: ${value(change.oldValue, change.oldCurrency)} → ${value(change.newValue, change.newCurrency)}${restated}`;
}

/** The claim file's text for `account` as of `asOf`, and how many sales it holds. */
export function claimFileText(cache: ClaimFileCache, account: string, asOf: string): { text: string; sales: number } {
  const header = [...CLAIM_COLUMNS.map((id) => EXPORT_COLUMN_LABELS[id]), 'History'].map(csvTextField).join(',');
  const lines = [header];
  for (const sale of overdueSales(cache, account, asOf)) {
    const history = cache.saleHistory(account, { reference: sale.reference }).map(changeText).join('; ');
    lines.push(`${csvLine(CLAIM_COLUMNS, sale)},${csvTextField(history === '' ? 'no change seen' : history)}`);
  }
  return { text: `\uFEFF${lines.join('\r\n')}\r\n`, sales: lines.length - 1 };
}

/** Writes the claim file to `targetPath` (replacing it only when `overwrite`); resolves with how many sales it holds. */
export async function writeClaimFile(
  cache: ClaimFileCache,
  account: string,
  asOf: string,
  targetPath: string,
  overwrite: boolean,
): Promise<number> {
  const { text, sales } = claimFileText(cache, account, asOf);
  await writeTextAtomically(targetPath, text, overwrite);
  return sales;
}
