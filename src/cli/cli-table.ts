/**
 * Plain-text tables and CSV for the headless command's reports: a table for people at a terminal (numbers
 * right-aligned so amounts line up), CSV for spreadsheets and scripts (RFC 4180 quoting), or JSON.
 */
import { usageError } from './cli-errors';
import type { CliIo } from './cli-io';

/** Rows as aligned columns, the first row the header; columns listed in `right` are right-aligned. */
export function textTable(rows: readonly (readonly string[])[], right: readonly number[] = []): string {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((cell, c) => {
          const width = widths[c] ?? 0;
          const padded = right.includes(c) ? cell.padStart(width) : cell.padEnd(width);
          return c === r.length - 1 ? padded : `${padded}  `;
        })
        .join('')
        .trimEnd(),
    )
    .join('\n');
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Rows as CSV lines, the first row the header. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** How a report prints: a table for people, `--json` or `--csv` for scripts. */
export type Shape = 'table' | 'json' | 'csv';

/** The shape `--json`/`--csv` ask for; refuses both at once. */
export function shapeOf(options: { json?: boolean; csv?: boolean }, command: string): Shape {
  if (options.json === true && options.csv === true)
    throw usageError('Give either --json or --csv, not both.', command);
  return options.json === true ? 'json' : options.csv === true ? 'csv' : 'table';
}

/** How a report's rows print: the columns under their header, those aligned right, and the sentence for none. */
export interface ReportLayout {
  header: string[];
  keys: string[];
  right: number[];
  /** Said instead of an empty table (JSON and CSV print their empty forms). */
  empty: string;
}

/** Prints a report's rows in `shape`, or, as a table with no row, the sentence saying there is none. */
export function printReport(io: CliIo, shape: Shape, rows: readonly object[], layout: ReportLayout): void {
  if (shape === 'table' && rows.length === 0) {
    io.stdout(`${layout.empty}\n`);
    return;
  }
  printRows(io, shape, rows as Record<string, string | number>[], layout.header, layout.keys, layout.right);
}

/** Prints `rows` in `shape`: as JSON objects, or as a table or CSV of the columns `keys` under `header`. */
export function printRows(
  io: CliIo,
  shape: Shape,
  rows: Record<string, string | number>[],
  header: string[],
  keys: string[],
  right: number[],
): void {
  if (shape === 'json') {
    io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  const cells = [header, ...rows.map((row) => keys.map((key) => String(row[key])))];
  io.stdout(shape === 'csv' ? csvText(cells) : `${textTable(cells, right)}\n`);
}

/** A row for a table or CSV: an amount that could not be converted (null) is an empty cell. */
export function withoutNulls(row: object): Record<string, string | number> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value ?? '']));
}
