/**
 * Reads a workbook the way a spreadsheet computes it: LibreOffice headless converts one sheet to CSV after
 * recalculating every formula on load (a throwaway profile says so; the default keeps the cached results of xlsx
 * files), writing raw values rather than values as shown. Tests use it to check that formulas give the totals the app
 * wrote as their cached results. It also opens a CSV export with a chosen separator, as a user in another locale
 * would, to see which cells become formulas. Not used by the app.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { parseCsv } from './export-kit';

/** Whether LibreOffice (`soffice`) is installed. */
export const SOFFICE = spawnSync('which', ['soffice']).status === 0;

const RECALCULATE_ON_LOAD = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

/** Sheet `sheet` (1-based) of the xlsx `file`, recalculated, as CSV rows; `outDir` must be a new, empty folder. */
export function recalculatedSheet(file: string, sheet: number, outDir: string): string[][] {
  const profile = join(outDir, 'profile');
  mkdirSync(join(profile, 'user'), { recursive: true });
  writeFileSync(join(profile, 'user', 'registrymodifications.xcu'), RECALCULATE_ON_LOAD);
  // Filter tokens: comma, double quote, UTF-8, from line 1, …, raw values (not as shown), …, the sheet to write.
  const filter = `csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,${sheet}`;
  execFileSync(
    'soffice',
    [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', filter, '--outdir', outDir, file],
    {
      stdio: 'ignore',
      timeout: 240_000,
    },
  );
  const csv = readdirSync(outDir).find((name) => name.endsWith('.csv'));
  if (csv === undefined) throw new Error('LibreOffice wrote no CSV');
  return parseCsv(readFileSync(join(outDir, csv), 'utf8').replace(/\r?\n/g, '\r\n'));
}

/** A field separator a spreadsheet may split a CSV file on. */
export type CsvSeparator = ',' | ';' | '\t';

/**
 * Opens the CSV `files` the way a spreadsheet user could: split on `separator`, with the import choices that make the
 * most formulas (quoted fields not forced to text, spaces trimmed, formulas evaluated), and saves each as xlsx in
 * `outDir` (a new, empty folder; one throwaway profile per call, so calls may run at the same time). Resolves with the
 * xlsx paths in the order of `files`.
 */
export async function csvAsWorkbooks(
  files: readonly string[],
  separator: CsvSeparator,
  outDir: string,
): Promise<string[]> {
  const profile = join(outDir, 'profile');
  mkdirSync(join(profile, 'user'), { recursive: true });
  // Filter tokens: separator code, double quote, UTF-8, from line 1, no column formats, en-US, quoted fields not text,
  // detect special numbers, (two export-only tokens), trim spaces, (export-only), evaluate formulas.
  const filter = `Text - txt - csv (StarCalc):${separator.charCodeAt(0)},34,76,1,,1033,false,true,false,false,true,-1,true`;
  await promisify(execFile)(
    'soffice',
    [
      `-env:UserInstallation=file://${profile}`,
      '--headless',
      `--infilter=${filter}`,
      '--convert-to',
      'xlsx',
      '--outdir',
      outDir,
      ...files,
    ],
    { timeout: 240_000 },
  );
  return files.map((file) => {
    const xlsx = join(outDir, `${basename(file).replace(/\.[^.]*$/, '')}.xlsx`);
    if (!existsSync(xlsx)) throw new Error(`LibreOffice wrote no workbook for ${file}`);
    return xlsx;
  });
}
