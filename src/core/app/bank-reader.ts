/**
 * The bank statement calls of the app (L4) over the open session's cache: read a chosen statement for its mapping
 * dialog, import and match it, match or unmatch by hand, and write the match report where the user chooses.
 */
import type { StatementMatch, StatementPreview, MatchReport } from '../../shared/bank';
import type { BankMatchInput, BankRangeInput, BankStatementInput } from '../../shared/ipc-requests';
import type { ExportResult } from '../../shared/ipc-contract';
import { localIsoDay } from '../../shared/dates';
import { parseDecimal } from '../../shared/money';
import { importStatement, matchReportCsv, matchStored, payoutKey, readStatement } from '../bank';
import type { SalesCache } from '../cache';

/** The calls. */
export interface BankReader {
  preview(input: BankStatementInput): StatementPreview;
  match(input: BankStatementInput): StatementMatch;
  setMatch(input: BankMatchInput): MatchReport;
  exportReport(input: BankRangeInput): Promise<ExportResult>;
}

/** What the calls need. */
export interface BankReaderDeps {
  cache: () => SalesCache;
  account: () => string;
  now: () => Date;
  exportCsv: (proposedName: string, csv: string) => Promise<string | null>;
}

const ZERO = { units: 0n, scale: 0 };

function rangeOptions(input: BankRangeInput, today: string) {
  return {
    days: input.days,
    tolerance: parseDecimal(input.tolerance) ?? ZERO,
    payer: input.payer,
    today,
    currencies: input.currencies,
  };
}

/** Builds the calls. */
export function createBankReader(deps: BankReaderDeps): BankReader {
  const bytesOf = (input: BankStatementInput) => Buffer.from(input.data, 'base64');
  const rematch = (input: BankRangeInput) =>
    matchStored(deps.cache(), deps.account(), input, rangeOptions(input, localIsoDay(deps.now())));
  return {
    preview: (input) => {
      const read = readStatement(bytesOf(input), input.currency, input.layout, (key) => deps.cache().layoutFor(key));
      return { header: read.header, preview: read.preview, layout: read.layout };
    },
    match: (input) => {
      const result = importStatement(deps.cache(), {
        account: deps.account(),
        bytes: bytesOf(input),
        fileName: input.fileName,
        currency: input.currency,
        ...(input.layout === undefined ? {} : { layout: input.layout }),
        days: input.days,
        tolerance: parseDecimal(input.tolerance) ?? ZERO,
        payer: input.payer,
        today: localIsoDay(deps.now()),
        at: deps.now(),
      });
      return result;
    },
    setMatch: (input) => {
      deps.cache().setManualMatch(deps.account(), payoutKey(input), input.lineKey);
      return rematch(input);
    },
    exportReport: async (input) => {
      const report = rematch(input);
      const filePath = await deps.exportCsv(`commission-desk-bank-match-${input.from}.csv`, matchReportCsv(report));
      const rows = report.matched.length + report.unpaid.length + report.tooRecent.length + report.unknown.length;
      return { filePath, format: 'csv', rowCount: filePath === null ? 0 : rows, dataAsOf: null };
    },
  };
}
