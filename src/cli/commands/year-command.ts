/**
 * `year`: a fiscal year month by month, per currency, on a cash basis and an accrual basis, with their difference
 * (B5); with `--out`, the same as a workbook with a Cash and an Accrual sheet. Reads the cache only: no network, no
 * credentials. The JSON shape is a contract scripts depend on.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { writeYearWorkbook, type HomeYearSheets } from '../../core/export';
import {
  fiscalYear,
  parseFiscalStart,
  readYearSummary,
  type FiscalYear,
  type FiscalYearStart,
  type YearRow,
} from '../../core/fiscal-year';
import type { CommandOptions } from '../cli-args';
import { resolveAccount } from '../cli-accounts';
import type { CliContext } from '../cli-context';
import { CliError, EXIT_CODES } from '../cli-errors';
import type { CliIo } from '../cli-io';
import { writeJsonLine } from '../progress';
import { printReport, shapeOf, withoutNulls } from '../cli-table';
import { readHomeYear } from '../../core/home-currency';
import { homeConversionOption } from '../home-conversion-option';
import { noteSyncUnderWay } from '../sync-under-way';

const KEYS = ['currency', 'month', 'from', 'to', 'cash', 'accrual', 'difference'];
const HEADER = ['Currency', 'Month', 'From', 'To', 'Cash', 'Accrual', 'Difference'];

/** The start the command uses: --start, else the setting. */
function startOf(context: CliContext, text: string | undefined): FiscalYearStart {
  const given = text === undefined ? null : parseFiscalStart(text);
  if (given !== null) return given;
  const preferences = context.preferences.get();
  return { month: preferences.fiscalYearStartMonth, day: preferences.fiscalYearStartDay };
}

async function workbook(
  year: FiscalYear,
  rows: YearRow[],
  options: CommandOptions<'year'>,
  io: CliIo,
  converted: HomeYearSheets | undefined,
): Promise<void> {
  const out = resolve(options.out as string);
  if (options.force !== true && existsSync(out)) {
    throw new CliError(
      `${out} already exists and was left as it is.`,
      EXIT_CODES.export,
      'Pass --force to replace it (the old file stays until the new one is complete).',
    );
  }
  await writeYearWorkbook(year, rows, out, options.force === true, converted);
  if (options.json === true)
    writeJsonLine(io.stdout, { event: 'result', command: 'year', file: out, from: year.from, to: year.to });
  else io.stdout(`Wrote the fiscal year ${year.from} to ${year.to} (Cash and Accrual sheets) to ${out}\n`);
}

/** Runs `year`. */
export async function yearCommand(context: CliContext, options: CommandOptions<'year'>, io: CliIo): Promise<void> {
  const shape = shapeOf(options, 'year');
  const account = resolveAccount(context, options.account);
  const year = fiscalYear(Number(options.year), startOf(context, options.start));
  const cache = context.cache();
  noteSyncUnderWay(cache, account, io);
  const conversion = homeConversionOption(context, cache, options, 'year');
  if (conversion !== null && options.out === undefined) {
    const converted = readHomeYear(cache, account.cacheKey, year, conversion);
    printReport(io, shape, shape === 'json' ? converted : converted.map(withoutNulls), {
      header: ['Currency', 'In', 'Month', 'Cash', 'Accrual', 'Difference', 'Unconverted'],
      keys: ['currency', 'home', 'month', 'cash', 'accrual', 'difference', 'unconverted'],
      right: [3, 4, 5],
      empty: `No sale made or paid from ${year.from} to ${year.to} in the cache of ${account.label}.`,
    });
    return;
  }
  const rows = readYearSummary(cache, account.cacheKey, year);
  if (options.out !== undefined) {
    const converted =
      conversion === null
        ? undefined
        : { ...conversion, rows: readHomeYear(cache, account.cacheKey, year, conversion) };
    await workbook(year, rows, options, io, converted);
    return;
  }
  printReport(io, shape, rows, {
    header: HEADER,
    keys: KEYS,
    right: [4, 5, 6],
    empty: `No sale made or paid from ${year.from} to ${year.to} in the cache of ${account.label}.`,
  });
}
