/**
 * The stored reference rates (L1), in the cache file: an import replaces the whole table and its source in one
 * transaction, so a refused or interrupted import leaves the table it found. Read back through a schema: a row
 * written by another build is checked, not trusted.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { RatesSource, RatesStatus } from '../../../shared/reference-rates';

/** One published rate: units of `currency` per euro on `day`, as exact decimal text. */
export interface StoredRate {
  day: string;
  currency: string;
  perEuro: string;
}

/** Reference rate operations on one connection. */
export interface ReferenceRateStore {
  /** Replaces the stored rates with `rates` from `source`; returns the new status. */
  replaceRates(rates: readonly StoredRate[], source: RatesSource): RatesStatus;
  /** Every stored rate, oldest day first. */
  storedRates(): StoredRate[];
  /** What is stored, or null when no rates are. */
  ratesStatus(): RatesStatus | null;
}

const RATE = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  perEuro: z.string().regex(/^\d+(\.\d+)?$/),
});

const SOURCE = z.object({
  kind: z.enum(['file', 'ecb']),
  origin: z.string(),
  importedAt: z.string(),
});

/** Prepares the reference rate statements on `db`. */
export function createReferenceRateStore(db: Database.Database): ReferenceRateStore {
  const clear = db.prepare('DELETE FROM reference_rates');
  const insert = db.prepare('INSERT INTO reference_rates (day, currency, per_euro) VALUES (?, ?, ?)');
  const setSource = db.prepare(
    'INSERT OR REPLACE INTO reference_rates_source (id, kind, origin, imported_at) VALUES (1, ?, ?, ?)',
  );
  const all = db.prepare<[], { day: string; currency: string; perEuro: string }>(
    'SELECT day, currency, per_euro AS perEuro FROM reference_rates ORDER BY day, currency',
  );
  const source = db.prepare<[], { kind: string; origin: string; importedAt: string }>(
    'SELECT kind, origin, imported_at AS importedAt FROM reference_rates_source WHERE id = 1',
  );
  const span = db.prepare<[], { firstDay: string | null; lastDay: string | null; days: number }>(
    'SELECT MIN(day) AS firstDay, MAX(day) AS lastDay, COUNT(DISTINCT day) AS days FROM reference_rates',
  );
  const currencies = db.prepare<[], { currency: string }>(
    'SELECT DISTINCT currency FROM reference_rates ORDER BY currency',
  );

  const status = (): RatesStatus | null => {
    const row = source.get();
    const covered = span.get();
    if (row === undefined || covered?.firstDay == null || covered.lastDay == null) return null;
    return {
      ...SOURCE.parse(row),
      firstDay: covered.firstDay,
      lastDay: covered.lastDay,
      days: covered.days,
      currencies: currencies.all().map((entry) => entry.currency),
    };
  };
  const replace = db.transaction((rates: readonly StoredRate[], from: RatesSource) => {
    clear.run();
    for (const rate of rates) insert.run(rate.day, rate.currency, rate.perEuro);
    setSource.run(from.kind, from.origin, from.importedAt);
  });

  return {
    replaceRates: (rates, from) => {
      replace.immediate(rates, from);
      return status() as RatesStatus;
    },
    storedRates: () => all.all().map((row) => RATE.parse(row)),
    ratesStatus: status,
  };
}
