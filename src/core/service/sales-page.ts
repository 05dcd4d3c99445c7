/**
 * A sales page as the client hands it on: the shared wire parser's result, with the day each record that could not be
 * stored belongs to, when it names one (T8). A record without a reference still usually carries its date, and that is
 * what lets the cache say "2026-03-04 is not complete" instead of doubting the whole period.
 */
import type { RecordWarning } from '../../shared/domain';
import { parseSaleRecord, parseSalesPage, type ParsedSalesPage } from '../../shared/wire-schemas';
import { readWireDay } from '../../shared/wire-dates';

/** A record the service sent that could not be stored, and its transaction day when it could be read. */
export interface UnstoredRecord extends RecordWarning {
  /** yyyy-mm-dd, or null when the record names no readable day. */
  day: string | null;
}

/** A parsed sales page whose unstorable records carry their day. */
export interface SalesPage extends Omit<ParsedSalesPage, 'warnings'> {
  warnings: UnstoredRecord[];
}

function storable(item: unknown): boolean {
  try {
    return parseSaleRecord(item).ok;
  } catch {
    return false;
  }
}

/** The record's transaction day read leniently (the misspelled key too), or null. */
export function dayOfRecord(item: unknown): string | null {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return null;
  const fields = item as Record<string, unknown>;
  for (const key of ['transaction_date', 'transaction_dete']) {
    const value = fields[key];
    const read = typeof value === 'string' ? readWireDay(value) : null;
    if (read !== null) return read.day;
  }
  return null;
}

/**
 * Parses a sales report body (throws a ZodError when the envelope has the wrong shape). The parser lists the records
 * it could not store in the order they came, so only a page that has some is read a second time, to find their days.
 */
export function readSalesPage(body: unknown): SalesPage {
  const page = parseSalesPage(body);
  if (page.warnings.length === 0) return { ...page, warnings: [] };
  const items = (body as { data: unknown[] }).data;
  const days = items.filter((item) => !storable(item)).map(dayOfRecord);
  const matched = days.length === page.warnings.length;
  return {
    ...page,
    warnings: page.warnings.map((warning, i) => ({ ...warning, day: matched ? (days[i] ?? null) : null })),
  };
}
