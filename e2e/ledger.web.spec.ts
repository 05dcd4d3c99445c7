/**
 * Ledger files from Payouts and Books (L3) against the HTTPS fake service: with the journal's accounts named in Settings (an
 * empty name refused with a message), "Ledger file…" writes last month's payouts of one currency as a journal and as a
 * Xero statement; each file read back by a parser that takes exactly the published columns, its amounts summing in
 * minor units to the payouts of the fake's own records.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { expect, test } from './fixtures';
import { backfill, goToSection, previousMonth, receivedPayouts } from './ui-helpers';
import { screenshotsAtSizes } from './screenshot-path';

/** Reads a CSV as an importer does: the header must be exactly `columns`, every row that many cells. */
function readStrict(text: string, columns: readonly string[]): Record<string, string>[] {
  return parse(text, {
    columns: (header: string[]) => {
      if (header.join('|') !== columns.join('|'))
        throw new Error(`header ${header.join(',')} is not ${columns.join(',')}`);
      return header;
    },
    relax_column_count: false,
  }) as Record<string, string>[];
}

/** A plain amount with two decimals, as cents. */
function centsOf(text: string): number {
  if (!/^-?\d+\.\d{2}$/.test(text)) throw new Error(`"${text}" is not a plain amount with two decimals`);
  return Math.round(Number(text) * 100);
}

test.describe('ledger files', () => {
  test('L3: from Payouts, the journal (accounts from Settings) and the Xero file hold last month’s payouts of a currency to the cent', async ({
    signedIn: page,
    host,
    fake,
  }) => {
    test.setTimeout(180_000);
    const { from, to, label } = previousMonth();
    const currency = 'EUR';
    const expected = new Map(receivedPayouts(fake, currency, from, to));
    expect(expected.size).toBeGreaterThan(0);
    await backfill(page);

    await goToSection(page, 'Settings');
    const card = page.getByTestId('settings-ledger');
    const income = card.getByLabel('Journal: income account');
    await income.fill('');
    await expect(card).toContainText('Enter the account’s name as your bookkeeping program shows it.');
    await card.scrollIntoViewIfNeeded();
    await screenshotsAtSizes(page, 'settings-ledger', () => card.scrollIntoViewIfNeeded());
    await income.fill('Commission income (affiliates)');
    await income.blur();
    await expect(card.getByText('Enter the account’s name', { exact: false })).toHaveCount(0);

    await goToSection(page, 'Payouts');
    await page.getByTestId('payouts-month').click();
    await page.getByRole('option', { name: label }).click();
    await page.getByRole('button', { name: 'Ledger file…' }).click();
    const dialog = page.getByRole('dialog', { name: `Ledger file of ${label}` });
    await dialog.getByLabel('Journal (CSV)').check();
    await dialog.getByTestId('ledger-currency').click();
    await page.getByRole('option', { name: currency, exact: true }).click();
    await screenshotsAtSizes(page, 'ledger-dialog');
    await dialog.getByRole('button', { name: 'Write ledger file' }).click();
    await expect(page.getByTestId('export-notification')).toContainText(`Wrote ${expected.size} payout`);

    const [journalName] = (await readdir(host.exportDir)).filter((f) => f.endsWith('.csv'));
    const journal = readStrict(await readFile(join(host.exportDir, journalName as string), 'utf8'), [
      'Date',
      'Account',
      'Debit',
      'Credit',
      'Currency',
      'Memo',
    ]);
    const total = [...expected.values()].reduce((a, b) => a + b, 0);
    const debits = journal.filter((line) => line.Account === 'Bank');
    const credits = journal.filter((line) => line.Account === 'Commission income (affiliates)');
    expect(debits).toHaveLength(expected.size);
    expect(credits).toHaveLength(expected.size);
    expect(debits.reduce((sum, line) => sum + centsOf(line.Debit ?? ''), 0)).toBe(total);
    expect(credits.reduce((sum, line) => sum + centsOf(line.Credit ?? ''), 0)).toBe(total);
    expect(journal.every((line) => line.Currency === currency)).toBe(true);
    // Dates as dd/mm/yyyy, the default.
    const [y, m, d] = ([...expected.keys()].sort()[0] as string).split('-');
    expect(debits[0]?.Date).toBe(`${d}/${m}/${y}`);

    await rm(join(host.exportDir, journalName as string));
    await page.getByRole('button', { name: 'Ledger file…' }).click();
    await dialog.getByLabel('Xero bank statement (CSV)').check();
    await dialog.getByRole('button', { name: 'Write ledger file' }).click();
    // The first file's notice may still be on screen: wait for the second file itself.
    await expect.poll(async () => (await readdir(host.exportDir)).filter((f) => f.endsWith('.csv'))).toHaveLength(1);
    const [xeroName] = (await readdir(host.exportDir)).filter((f) => f.endsWith('.csv'));
    expect(xeroName).toMatch(/xero/);
    const xero = readStrict(await readFile(join(host.exportDir, xeroName as string), 'utf8'), [
      'Date',
      'Amount',
      'Payee',
      'Description',
      'Reference',
    ]);
    expect(xero).toHaveLength(expected.size);
    expect(xero.reduce((sum, line) => sum + centsOf(line.Amount ?? ''), 0)).toBe(total);
  });

  test('L3: the Books bridge offers the same ledger file for its period, here the QuickBooks file split by category', async ({
    signedIn: page,
    host,
    fake,
  }) => {
    test.setTimeout(180_000);
    const { from, to, label } = previousMonth();
    const currency = 'EUR';
    const expected = new Map(receivedPayouts(fake, currency, from, to));
    await backfill(page);
    await goToSection(page, 'Books');
    await expect(page.getByTestId('books-period')).toHaveValue(label);
    await page.getByRole('button', { name: 'Ledger file…' }).click();
    const dialog = page.getByRole('dialog', { name: `Ledger file of ${label}` });
    await dialog.getByLabel('QuickBooks Online bank file (CSV)').check();
    await dialog.getByTestId('ledger-currency').click();
    await page.getByRole('option', { name: currency, exact: true }).click();
    await dialog.getByTestId('ledger-lines').click();
    await page.getByRole('option', { name: 'Per payout and category' }).click();
    await dialog.getByRole('button', { name: 'Write ledger file' }).click();
    await expect(page.getByTestId('export-notification')).toContainText(/Wrote \d+ lines? by category/);
    const [name] = (await readdir(host.exportDir)).filter((f) => f.endsWith('.csv'));
    expect(name).toMatch(/qbo/);
    const lines = readStrict(await readFile(join(host.exportDir, name as string), 'utf8'), [
      'Date',
      'Description',
      'Amount',
    ]);
    expect(lines.length).toBeGreaterThanOrEqual(expected.size);
    expect(lines.every((line) => / commission payout, category \S+, \d+ sales?$/.test(line.Description ?? ''))).toBe(
      true,
    );
    // Each payout's lines, one per category, add up to that payout to the cent.
    const perDay = new Map<string, number>();
    for (const line of lines) {
      const [d, m, y] = (line.Date ?? '').split('/');
      perDay.set(`${y}-${m}-${d}`, (perDay.get(`${y}-${m}-${d}`) ?? 0) + centsOf(line.Amount ?? ''));
    }
    expect(perDay).toEqual(expected);
    await screenshotsAtSizes(page, 'books-ledger', () =>
      page.getByRole('button', { name: 'Ledger file…' }).scrollIntoViewIfNeeded(),
    );
  });
});
