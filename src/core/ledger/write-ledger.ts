/**
 * Writes a period's ledger files for one account and currency from the cache: the payouts as the Payouts view and
 * the `payouts` command read them, each file written atomically.
 */
import { existsSync } from 'node:fs';
import type { DayRange } from '../../shared/dates';
import type { LedgerSplit } from '../../shared/ledger';
import { writeTextAtomically } from '../export';
import { readPayouts, type PayoutSource } from '../payouts';
import { ledgerFilePath, ledgerFiles, type LedgerFile, type LedgerFileOptions } from './ledger-files';
import { ledgerLines, type LedgerSelection } from './ledger-lines';

/** Which payouts, in which format. */
export interface LedgerQuery extends LedgerFileOptions {
  account: string;
  currency: string;
  range: DayRange;
  today: string;
  /** One line per payout and category or collection instead of per payout. */
  split?: LedgerSplit;
}

/** What to write, and where. */
export interface LedgerRequest extends LedgerQuery {
  /** The chosen file; split parts are named beside it. */
  path: string;
  overwrite: boolean;
}

/** What was written. */
export interface LedgerWritten extends LedgerSelection {
  paths: string[];
}

/** The payouts of `query` and the file(s) holding them, read from the cache: what the app and the CLI write alike. */
export function buildLedger(source: PayoutSource, query: LedgerQuery): LedgerSelection & { files: LedgerFile[] } {
  const { payouts } = readPayouts(source, query.account, query.range, query.today, query.split);
  const selection = ledgerLines(payouts, query.currency, query.split);
  return { ...selection, files: ledgerFiles(selection.lines, query) };
}

/** Thrown before anything is written when a file to write exists and may not be replaced. */
export class LedgerFileExists extends Error {
  constructor(readonly path: string) {
    super(`${path} already exists.`);
  }
}

/** Writes the ledger file(s) of `request`; checks every target first, so a refusal leaves no part behind. */
export async function writeLedger(source: PayoutSource, request: LedgerRequest): Promise<LedgerWritten> {
  const { files, ...selection } = buildLedger(source, request);
  const paths = files.map((file) => ledgerFilePath(request.path, file));
  const taken = request.overwrite ? undefined : paths.find((path) => existsSync(path));
  if (taken !== undefined) throw new LedgerFileExists(taken);
  for (const [i, file] of files.entries()) await writeTextAtomically(paths[i] as string, file.text, request.overwrite);
  return { ...selection, paths };
}
