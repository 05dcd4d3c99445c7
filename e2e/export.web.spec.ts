/**
 * Exporting an accounting preset from the UI: the renderer offers the presets of
 * `src/shared/export-presets.ts`, the main process writes the file from the cache, and the file read back holds
 * exactly the service's paid sales of the month, with Summary formulas that add up (E1, E2, E4).
 *
 * UI this spec expects (agreed with the renderer owner):
 * - the export menu (button "More export formats") has one item per preset, named by its label,
 *   e.g. "Payments received in a month";
 * - choosing one opens a dialog named by the preset's label, with a "Month" select whose options read
 *   "October 2026" (value yyyy-mm) for month presets, or "From"/"To" dates for "All sales in a range";
 *   a "Format" choice ("Excel workbook (.xlsx)", the default, or "CSV (.csv)"); and an "Export" button;
 * - the request sent is `{ filter: { from, to }, format, preset }`; the result is the usual notification
 *   (test id `export-notification`) naming the file.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { backfill, isoOf, localDay, previousMonth } from './ui-helpers';
import { monthRange } from '../src/shared/export-presets';
import { auditWorkbook } from '../test-support/export-kit';

test.describe('export presets from the sales screen', () => {
  test('exports "Payments received in a month" and the file holds exactly that month’s paid sales, with audited totals', async ({
    signedIn: page,
    host,
    fake,
  }) => {
    test.setTimeout(180_000);
    await backfill(page);

    const { month, label } = previousMonth();
    const range = monthRange(month);
    if (range === null) throw new Error('bad month');
    await page.getByRole('button', { name: 'More export formats' }).click();
    await page.getByRole('menuitem', { name: 'Payments received in a month' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payments received in a month' });
    await dialog.getByLabel('Month').click();
    await page.getByRole('option', { name: label }).click();
    await dialog.getByRole('button', { name: 'Export' }).click();
    // The notice names the file, never the folder it was written through.
    await expect(page.getByTestId('export-notification')).toContainText(/Exported .+\.xlsx/);

    const name = `commission-desk-my-shop-payments-received-${month}.xlsx`;
    expect((await readdir(host.exportDir)).filter((f) => f.endsWith('.xlsx'))).toEqual([name]);
    const audit = await auditWorkbook(join(host.exportDir, name));
    const paid = fake.sales.filter((s) => {
      const day = typeof s.payment_date === 'string' && s.payment_date !== '' ? isoOf(s.payment_date) : '';
      return s.payment_status === 'paid' && day >= range.from && day <= range.to;
    });
    const references: string[] = [];
    audit.sales.eachRow((row, n) => {
      if (n > 1) references.push(String(row.getCell(audit.header.indexOf('Reference') + 1).value));
    });
    expect(references.sort()).toEqual(paid.map((s) => s.reference).sort());
    expect(audit.strayFormulas).toEqual([]);
    for (const link of audit.hyperlinks) expect(link.startsWith('https://')).toBe(true);
    for (const f of audit.formulas) expect(f.result).toBeCloseTo(f.evaluated, 9);
    const about = new Map<string, unknown>();
    audit.about.eachRow((row) => about.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(about.get('Report')).toBe('Payments received in a month');
    expect(about.get('Date range')).toBe(`${range.from} to ${range.to}, by payment date`);
    expect(localDay(new Date()) > range.to).toBe(true);
  });
});
