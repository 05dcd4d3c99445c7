/**
 * Reference rates in the cache (L1): an ECB rates file is checked whole before the stored table is replaced, so a
 * bad file changes nothing; the stored table is read back as a rate table for conversions.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { AppError } from '../../shared/errors';
import { decimalText, parseDecimal, type ExactDecimal } from '../../shared/money';
import type { RatesSource, RatesStatus } from '../../shared/reference-rates';
import type { ReferenceRateStore, StoredRate } from '../cache';
import { MAX_RATES_FILE_BYTES, parseEcbRates, RatesFileError, type DayRates } from './ecb-rates-file';
import { RateTable } from './rate-table';

function rateText(rate: ExactDecimal): string {
  return decimalText(rate, rate.scale);
}

/** Parses `text` as the ECB table and stores it from `source`; an AppError says what is wrong with a bad file. */
export function importRates(store: ReferenceRateStore, text: string, source: RatesSource): RatesStatus {
  let days: DayRates[];
  try {
    days = parseEcbRates(text);
  } catch (error) {
    if (error instanceof RatesFileError) throw new AppError('INVALID_INPUT', `${error.message} Nothing was changed.`);
    throw error;
  }
  const rates: StoredRate[] = days.flatMap(({ day, rates: perEuro }) =>
    [...perEuro].map(([currency, rate]) => ({ day, currency, perEuro: rateText(rate) })),
  );
  if (rates.length === 0)
    throw new AppError(
      'INVALID_INPUT',
      'This file holds no rate: it is not the ECB euro reference rates table. Nothing was changed.',
    );
  return store.replaceRates(rates, source);
}

/** Reads the rates file at `path` (refusing one too large before reading it) and stores it. */
export async function importRatesFile(store: ReferenceRateStore, path: string, at: Date): Promise<RatesStatus> {
  const size = await stat(path).then(
    (info) => info.size,
    () => {
      throw new AppError('INVALID_INPUT', `${path} could not be read. Check the file name and try again.`);
    },
  );
  if (size > MAX_RATES_FILE_BYTES)
    throw new AppError(
      'INVALID_INPUT',
      'This file is too large to be the ECB euro reference rates table (eurofxref-hist.csv). Nothing was changed.',
    );
  const text = await readFile(path, 'utf8');
  return importRates(store, text, { kind: 'file', origin: basename(path), importedAt: at.toISOString() });
}

/** The stored rates as a rate table, or null when none are stored. */
export function storedRateTable(store: Pick<ReferenceRateStore, 'storedRates'>): RateTable | null {
  const byDay = new Map<string, Map<string, ExactDecimal>>();
  for (const { day, currency, perEuro } of store.storedRates()) {
    const rate = parseDecimal(perEuro);
    if (rate === null) continue;
    let rates = byDay.get(day);
    if (rates === undefined) byDay.set(day, (rates = new Map()));
    rates.set(currency, rate);
  }
  if (byDay.size === 0) return null;
  return new RateTable([...byDay].map(([day, rates]) => ({ day, rates })));
}
