/**
 * The reference rates the app holds (L1): the European Central Bank's euro foreign exchange reference rates, from a
 * file the user imported or, when turned on, fetched from the ECB. What the status says about the stored table.
 */

/** Where the stored rates came from: a file (its name) or the ECB's address. */
export interface RatesSource {
  kind: 'file' | 'ecb';
  origin: string;
  /** When they were stored, an ISO instant. */
  importedAt: string;
}

/** The stored table: its source, its first and last published day, how many days and which currencies. */
export interface RatesStatus extends RatesSource {
  firstDay: string;
  lastDay: string;
  days: number;
  currencies: string[];
}

/** The ECB's whole history is a few megabytes; a file larger than this is not that table. */
export const MAX_RATES_FILE_BYTES = 16 * 1024 * 1024;
