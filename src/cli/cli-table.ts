/**
 * Plain-text tables and CSV for the headless command's reports: a table for people at a terminal (numbers
 * right-aligned so amounts line up), CSV for spreadsheets and scripts (RFC 4180 quoting).
 */

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
