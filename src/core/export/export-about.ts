/**
 * The "About" sheet's facts in words: whose data it is, where it came from, exactly which filters and which date
 * basis chose the rows, how complete the cache was, and when and by what the file was made. An accountant reading
 * the file weeks later must be able to tell what it does and does not contain without asking.
 */
import type { DayRange } from '../../shared/dates';
import { EXPORT_COLUMN_LABELS, type ExportColumnId } from '../../shared/export-columns';
import { exportPreset, type ExportPresetId } from '../../shared/export-presets';
import { rateRuleText, type RateRule } from '../../shared/rate-rule';
import type { SalesFilter, SalesSort } from '../../shared/sales-query';
import { dayNumber, isoDay, type UnstoredSpan } from '../cache';
import type { CoverageReport } from '../cache';
import { NO_COMMISSION_STATUS, NO_PAYMENT_STATUS } from './export-cells';

/** Everything the About sheet states. */
export interface AboutFacts {
  accountLabel: string;
  baseUrl: string;
  preset: ExportPresetId | undefined;
  filter: SalesFilter;
  sort: SalesSort;
  columns: readonly ExportColumnId[];
  rowCount: number;
  /** Sales with notices (see `Sale.notices`): odd amounts or statuses kept as the service sent them. */
  flaggedSales?: number;
  /** The cache's coverage of the range; its `unstored` spans say which days hold records that could not be stored. */
  dataAsOf: CoverageReport | null;
  lastSyncedAt: string | null;
  appVersion: string;
  generatedAt: Date;
  /** Why links are plain text in this file, when they are. */
  linksNote: string | null;
  /** The past moment the export shows the sales as of (B1), and when the cache's history began; absent: now. */
  asOf?: { at: string; historyStart: string | null };
  /** The home currency the converted columns are in (L2), their rule, the rates' source and what was not converted. */
  home?: { currency: string; rule: RateRule; source: string; unconverted: readonly string[] };
}

/** The About lines of the converted figures: the rule, the rates' source, and what was left unconverted. */
function homeEntries(home: AboutFacts['home']): AboutEntry[] {
  if (home === undefined) return [];
  const entries: AboutEntry[] = [
    [
      `In ${home.currency}`,
      `${rateRuleText(home.currency, home.rule)} The columns and sheets in ${home.currency} say so in their headers; their totals are never added to the original currencies.`,
    ],
    ['Rates', home.source],
  ];
  if (home.unconverted.length > 0) entries.push(['Not converted', home.unconverted.join(' ')]);
  return entries;
}

/** "2026-10-31 18:00:00 UTC" for an ISO instant. */
function utcText(instant: string): string {
  return `${instant.slice(0, 10)} ${instant.slice(11, 19)} UTC`;
}

/** The About lines of an export made as of a past moment: when, and whether the cache's history reaches back that far. */
function asOfEntries(asOf: AboutFacts['asOf']): AboutEntry[] {
  if (asOf === undefined) return [];
  const entries: AboutEntry[] = [
    ['As of', `As of ${utcText(asOf.at)}: the sales first seen by then, each with the values it had then.`],
  ];
  if (asOf.historyStart !== null && asOf.at < asOf.historyStart)
    entries.push([
      'History',
      `This cache records every change from ${utcText(asOf.historyStart)} on, so that is the earliest moment it knows: sales are shown with the values they had then.`,
    ]);
  return entries;
}

/** One line of the About sheet: a label and its value (text, a date-time or a number). */
export type AboutEntry = [label: string, value: string | Date | number];

function list(values: readonly (string | null)[]): string {
  return values.map((v) => (v === null ? '(none)' : v)).join(', ');
}

/** The date range and the day it applies to, e.g. "2026-01-01 to 2026-01-31, by payment date". */
export function describeRange(filter: SalesFilter): string {
  const basis = filter.dateBasis === 'payment' ? 'by payment date' : 'by transaction date';
  if (filter.from !== undefined && filter.to !== undefined) return `${filter.from} to ${filter.to}, ${basis}`;
  if (filter.from !== undefined) return `from ${filter.from}, ${basis}`;
  if (filter.to !== undefined) return `up to ${filter.to}, ${basis}`;
  return `all dates, ${basis}`;
}

/** The filters other than the date range, one phrase each; empty when there are none. */
export function describeFilters(filter: SalesFilter): string[] {
  const parts: string[] = [];
  if (filter.commissionStatuses) parts.push(`Commission status: ${list(filter.commissionStatuses)}`);
  if (filter.paymentStatuses) parts.push(`Payment status: ${list(filter.paymentStatuses)}`);
  if (filter.currencies) parts.push(`Currency: ${list(filter.currencies)}`);
  if (filter.categories) parts.push(`Category: ${list(filter.categories)}`);
  if (filter.subids) parts.push(`Sub-ID: ${list(filter.subids)}`);
  if (filter.collections) parts.push(`Collection (slug): ${list(filter.collections)}`);
  if (filter.products) parts.push(`Product (slug): ${list(filter.products)}`);
  if (filter.text !== undefined && filter.text.trim() !== '') parts.push(`Text search: ${filter.text.trim()}`);
  return parts;
}

function daysText(range: DayRange): string {
  return range.from === range.to ? range.from : `${range.from} to ${range.to}`;
}

/** The parts of `missing` outside every span: days never synced, as opposed to days synced with unreadable records. */
function neverSynced(missing: readonly DayRange[], spans: readonly UnstoredSpan[]): DayRange[] {
  let ranges = missing.map((r): [number, number] => [dayNumber(r.from), dayNumber(r.to)]);
  for (const span of spans) {
    const [from, to] = [dayNumber(span.from), dayNumber(span.to)];
    ranges = ranges.flatMap(([a, b]): [number, number][] => {
      if (b < from || a > to) return [[a, b]];
      return [
        ...(a < from ? [[a, from - 1] as [number, number]] : []),
        ...(b > to ? [[to + 1, b] as [number, number]] : []),
      ];
    });
  }
  return ranges.map(([a, b]) => ({ from: isoDay(a), to: isoDay(b) }));
}

/** "2026-03-04: 1 record the service sent could not be read (…); this day is not complete." */
export function describeUnstored(span: UnstoredSpan): string {
  const what =
    span.count === 1 ? '1 record the service sent' : `${span.count.toLocaleString('en')} records the service sent`;
  const which = span.from === span.to ? 'this day is' : 'these days are';
  const why = span.reasons.length === 0 ? '' : ` (${span.reasons.join(' ')})`;
  return `${daysText(span)}: ${what} could not be read${why}; ${which} not complete.`;
}

function describeCoverage(filter: SalesFilter, dataAsOf: CoverageReport | null): string {
  if (dataAsOf === null) {
    return filter.dateBasis === 'payment'
      ? 'The cache tracks completeness by transaction date, so it cannot vouch for a payment-date range: sync the months the paid sales were made in first.'
      : 'No date range was chosen: the file holds every matching sale in the cache.';
  }
  if (dataAsOf.complete)
    return `Complete: every day of the range was synced${dataAsOf.asOf ? `; the oldest data was fetched at ${dataAsOf.asOf}` : ''}.`;
  const spans = dataAsOf.unstored ?? [];
  const never = neverSynced(dataAsOf.missing, spans);
  const parts = ['INCOMPLETE:'];
  if (never.length > 0)
    parts.push(`these days were never synced, so their sales are missing: ${never.map(daysText).join('; ')}.`);
  parts.push(...spans.map(describeUnstored));
  parts.push(
    spans.length > 0
      ? 'Sync again and export again; if records stay unreadable, ask the service about them.'
      : 'Sync them and export again.',
  );
  return parts.join(' ');
}

function flaggedNote(count: number): string {
  const sales = count === 1 ? '1 sale carries' : `${count.toLocaleString('en')} sales carry`;
  return (
    `${sales} something the service sent oddly: an amount with more decimals than its currency or implausibly large, a status ` +
    'the service does not document, or a field that could not be read. Amounts are kept as sent and totalled exactly; ' +
    'statuses the service does not document are totalled apart in the Summary. Each sale’s notices are shown in Commission Desk.'
  );
}

/** The About sheet's lines, in order. */
export function aboutEntries(facts: AboutFacts): AboutEntry[] {
  const filters = describeFilters(facts.filter);
  const entries: AboutEntry[] = [
    ['Account', facts.accountLabel],
    ['Service address', facts.baseUrl],
    ['Report', facts.preset ? exportPreset(facts.preset).label : 'Custom selection'],
    ...asOfEntries(facts.asOf),
    ['Date range', describeRange(facts.filter)],
    ['Filters', filters.length === 0 ? 'None' : filters.join('; ')],
    [
      'Order',
      `${EXPORT_COLUMN_LABELS[facts.sort.column]}, ${facts.sort.direction === 'asc' ? 'ascending' : 'descending'}`,
    ],
    ['Sales exported', facts.rowCount],
    ['Data as of', describeCoverage(facts.filter, facts.dataAsOf)],
    ['Last completed sync', facts.lastSyncedAt ?? 'never'],
    ['Columns', facts.columns.map((id) => EXPORT_COLUMN_LABELS[id]).join(', ')],
    [
      'Amounts',
      'Numbers in the currency of their row (see the Currency column); totals are per currency and never add currencies together.',
    ],
    ['Payment status', `"${NO_PAYMENT_STATUS}" means the service sent no payment status for the sale.`],
    [
      'Commission status',
      `"${NO_COMMISSION_STATUS}" means the service sent no commission status. A status the service does not document is kept as sent and totalled apart in the Summary, neither as earned nor as pending.`,
    ],
    [
      'Declined sales',
      'Listed in the Sales sheet when the filters include them, shown apart in the Summary and never counted as earned.',
    ],
  ];
  entries.push(...homeEntries(facts.home));
  if ((facts.flaggedSales ?? 0) > 0) entries.push(['Needs attention', flaggedNote(facts.flaggedSales ?? 0)]);
  if (facts.linksNote) entries.push(['Links', facts.linksNote]);
  entries.push(['Generated by', `Commission Desk ${facts.appVersion}`], ['Generated at (UTC)', facts.generatedAt]);
  return entries;
}
