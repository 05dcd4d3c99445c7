/**
 * Matching a bank statement on Payouts (L4) against the HTTPS fake service, as a person does it: a semicolon,
 * decimal-comma statement of last month's EUR payouts — one missing, one received less a fee, plus a platform bonus
 * no payout explains — is previewed with its layout detected, matched, and the missing payout is the headline; it is
 * then matched by hand, and the match report is exported and read back.
 */
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays } from '../src/shared/dates';
import { expect, test } from './fixtures';
import { backfill, goToSection, previousMonth, receivedPayouts } from './ui-helpers';
import { screenshotsAtSizes } from './screenshot-path';

const comma = (c: number) => `${Math.trunc(c / 100)},${String(Math.abs(c % 100)).padStart(2, '0')}`;
const dotted = (day: string) => day.split('-').reverse().join('.');

test.describe('bank statement match', () => {
  test('L4: a statement missing one payout makes it the headline; a fee within tolerance matches; matched by hand; the report exports', async ({
    signedIn: page,
    host,
    fake,
  }) => {
    test.setTimeout(180_000);
    const { from, to, label } = previousMonth();
    const payouts = receivedPayouts(fake, 'EUR', from, to);
    expect(payouts.length).toBeGreaterThan(3);
    // Payouts whose amount no other payout within the matching window comes near, so each line can only be its own:
    // the fake's amounts are random, and a 0.50 fee must not make a line fit a neighbour.
    const around = receivedPayouts(fake, 'EUR', addDays(from, -12), addDays(to, 12));
    const isolated = ([day, c]: [string, number]) =>
      around.every(
        ([other, o]) =>
          other === day || Math.abs(o - c) > 150 || Math.abs(Date.parse(other) - Date.parse(day)) > 12 * 86_400_000,
      );
    const early = (day: string) => day <= addDays(to, -12);
    const withFee = payouts.find((p) => isolated(p) && p[1] > 100);
    const missing = payouts.find((p) => p !== withFee && isolated(p) && early(p[0]));
    if (withFee === undefined || missing === undefined) throw new Error('the fake dataset has no isolated payouts');
    const rest = payouts.filter((p) => p !== withFee && p !== missing);
    const lines = [
      `${dotted(addDays(withFee[0], 2))};AFFILIATE PLATFORM Auszahlung;${comma(withFee[1] - 50)}`,
      ...rest.map(([day, c]) => `${dotted(addDays(day, 1))};AFFILIATE PLATFORM Auszahlung;${comma(c)}`),
      `${dotted(to)};AFFILIATE PLATFORM Bonus;${comma(missing[1])}`,
      // The statement starts on the month's first day, so every payout of the month gets a verdict.
      `${dotted(from)};Miete;-950,00`,
    ];
    const folder = await mkdtemp(join(tmpdir(), 'bank-'));
    const statement = join(folder, 'kontoauszug.csv');
    await writeFile(statement, `\uFEFFBuchungstag;Verwendungszweck;Betrag\n${lines.join('\n')}\n`);

    await backfill(page);
    await goToSection(page, 'Payouts');
    await page.getByTestId('payouts-month').click();
    await page.getByRole('option', { name: label }).click();
    await page.getByRole('button', { name: 'Match bank statement…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Match a bank statement' });
    await dialog.getByTestId('bank-currency').fill('EUR');
    await page.getByRole('option', { name: 'EUR', exact: true }).click();
    await dialog.locator('input[type="file"]').setInputFiles(statement);
    await expect(dialog.getByTestId('bank-preview')).toContainText('Buchungstag');
    await expect(dialog.getByLabel('Separator')).toHaveValue('Semicolon');
    await expect(dialog.getByLabel('Dates')).toHaveValue('dd.mm.yyyy');
    await expect(dialog.getByLabel('Decimal comma')).toBeChecked();
    await dialog.getByLabel('Tolerance (fees)').fill('0.50');
    await dialog.getByLabel('Platform’s name in bank text').fill('affiliate platform');
    await dialog.getByRole('button', { name: 'Match payouts' }).click();

    const headline = dialog.getByTestId('bank-headline');
    await expect(headline).toContainText('1 payout with no bank line');
    await expect(dialog.getByTestId('bank-unpaid')).toContainText(`€${comma(missing[1]).replace(',', '.')}`);
    await expect(dialog.getByTestId('bank-matched-row')).toHaveCount(payouts.length - 1);
    await expect(dialog.getByTestId('bank-matched')).toContainText('−€0.50');
    await expect(dialog.getByTestId('bank-unknown')).toContainText('AFFILIATE PLATFORM Bonus');
    await screenshotsAtSizes(page, 'bank-match');

    await dialog.getByLabel(/Match the EUR payout of .* by hand/).click();
    await page.getByRole('option', { name: /AFFILIATE PLATFORM Bonus/ }).click();
    await expect(headline).toContainText('Every payout of the statement’s days reached the bank.');
    await expect(dialog.getByRole('button', { name: 'Undo match' })).toHaveCount(1);

    await dialog.getByRole('button', { name: 'Export match report (CSV)' }).click();
    await expect(page.getByTestId('export-notification')).toContainText('Match report exported');
    const [name] = (await readdir(host.exportDir)).filter((f) => f.endsWith('.csv'));
    const report = (await readFile(join(host.exportDir, name as string), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(report[0]).toBe('Status,Payment date,Currency,Payout,Bank day,Bank amount,Difference,Bank text');
    expect(report.filter((line) => line.startsWith('Matched by hand,'))).toHaveLength(1);
    expect(report.filter((line) => line.startsWith('Matched,'))).toHaveLength(payouts.length - 1);
  });
});
