/**
 * The match report as CSV (L4): one line per payout — matched, no bank line, too recent — then the platform-looking
 * lines no payout explains, with the exports' safety (formula text neutralised) and a byte-order mark for spreadsheets.
 */
import type { BankLine, MatchReport, PayoutLine } from '../../shared/bank';
import { csvTextField } from '../export';

const HEADER = ['Status', 'Payment date', 'Currency', 'Payout', 'Bank day', 'Bank amount', 'Difference', 'Bank text'];

function row(status: string, payout: PayoutLine | null, line: BankLine | null, difference = ''): string {
  return [
    csvTextField(status),
    payout?.paymentDate ?? '',
    payout?.currency ?? line?.currency ?? '',
    payout?.amount ?? '',
    line?.day ?? '',
    line?.amount ?? '',
    difference,
    csvTextField(line?.description ?? ''),
  ].join(',');
}

/** The report's CSV text. */
export function matchReportCsv(report: MatchReport): string {
  const lines = [
    HEADER.join(','),
    ...report.unpaid.map((payout) => row('No bank line', payout, null)),
    ...report.tooRecent.map((payout) => row('Too recent to tell', payout, null)),
    ...report.matched.map((m) => row(m.manual ? 'Matched by hand' : 'Matched', m.payout, m.line, m.difference)),
    ...report.unknown.map((line) => row('Bank line with no payout', null, line)),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
