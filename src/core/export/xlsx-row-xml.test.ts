import { createWriteStream, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_COLUMN_LABELS, type ExportColumnId } from '../../shared/export-columns';
import type { CachedSale } from '../../shared/sales-query-types';
import type { SalesCache } from '../cache';
import { tempFolder } from '../../../test-support/cache-kit';
import { HOSTILE_TEXTS, LINKS, cacheWith, makeSale, mixedSales } from '../../../test-support/export-kit';
import type { ExportSale } from './export-cells';
import { WriteGuard } from './write-pacing';
import { writeXlsx, type WorkbookPlan } from './xlsx-workbook';
import { xmlText } from './xlsx-row-xml';

const ACCOUNT = 'acct-rows';
const ALL_COLUMNS = Object.keys(EXPORT_COLUMN_LABELS) as ExportColumnId[];
const AWKWARD = [
  'Tom & "Jerry" <b>',
  "it's",
  'bell\u0007 and \u0000 nul',
  'tab\tline\nreturn\r',
  'emoji 🎉 ü',
  '',
  ' ',
  'del\u007f',
];

let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;

function awkwardSales() {
  return [
    ...mixedSales(),
    ...AWKWARD.map((text, i) =>
      makeSale({
        reference: `AWK-${i}${text}`,
        productName: text,
        collectionName: text === '' ? null : text,
        subid: text,
        category: text,
        commissionStatus: i % 2 === 0 ? 'on_hold' : 'Approved',
        paymentStatus: i % 3 === 0 ? null : i % 3 === 1 ? 'refunded' : 'pending',
        paymentDate: i % 2 === 0 ? null : '2026-03-31',
        currency: i % 2 === 0 ? 'BTC' : 'CHF',
        commissionAmount: 0.000001 * (i + 1),
        transactionAmount: i % 3 === 0 ? null : 123456789.123,
        collectionUrl: LINKS[i % LINKS.length] ?? null,
      }),
    ),
    makeSale({ productName: HOSTILE_TEXTS[0] ?? '=1', transactionDate: '2026-02-28' }),
  ];
}

beforeEach(() => {
  folder = tempFolder('row-xml');
  cache = cacheWith(folder.dir, ACCOUNT, awkwardSales());
});
afterEach(() => {
  cache.close();
  folder.remove();
});

/** The rows as an export of several accounts sees them: every other one labelled, the rest without a label. */
function rows(): ExportSale[] {
  const sales: CachedSale[] = [
    ...cache.iterateSales(ACCOUNT, { sort: { column: 'transactionDate', direction: 'asc' } }),
  ];
  return sales.map((sale, i) => (i % 2 === 0 ? { ...sale, accountLabel: `Shop & "Co" ${i}` } : sale));
}

async function write(name: string, plan: Partial<WorkbookPlan>): Promise<JSZip> {
  const path = join(folder.dir, name);
  const output = createWriteStream(path);
  await writeXlsx(
    output,
    rows(),
    {
      columns: ALL_COLUMNS,
      dateBasis: 'transaction',
      links: true,
      createdAt: new Date('2026-04-02T10:00:00Z'),
      about: (count) => [['Rows', String(count)]],
      ...plan,
    },
    new WriteGuard(),
    () => undefined,
  );
  if (!output.closed) await once(output, 'close');
  return JSZip.loadAsync(readFileSync(path));
}

async function parts(zip: JSZip): Promise<Record<string, string>> {
  const names = Object.keys(zip.files)
    .filter((name) => !zip.files[name]?.dir)
    .sort();
  const entries = await Promise.all(
    names.map(async (name) => [name, (await zip.file(name)?.async('string')) ?? ''] as const),
  );
  return Object.fromEntries(entries);
}

describe('Sales rows written as XML text', () => {
  it.each([
    ['with hyperlinks', true],
    ['links as plain text', false],
  ])('write the same workbook, part for part, as exceljs writing every row itself (%s)', async (_label, links) => {
    const direct = await parts(await write('direct.xlsx', { links }));
    const reference = await parts(await write('exceljs.xlsx', { links, rowsThroughExceljs: true }));
    expect(Object.keys(direct)).toEqual(Object.keys(reference));
    for (const name of Object.keys(reference)) expect(direct[name], name).toBe(reference[name]);
    // The comparison covered styled amounts, dates, hostile and awkward text, and the hyperlinks' relationships.
    expect(reference['xl/worksheets/sheet1.xml']).toContain('t="str"><v>Tom &amp; &quot;Jerry&quot; &lt;b&gt;</v>');
    expect(reference['xl/worksheets/sheet1.xml']).toMatch(/<c r="[A-Z]+\d+" s="\d+"><v>\d+(\.\d+)?<\/v><\/c>/);
    if (links)
      expect(reference['xl/worksheets/_rels/sheet1.xml.rels']).toContain('https://shop.example/collections/ok');
  });

  it('escapes text exactly as exceljs does: markup characters as entities, control characters XML forbids dropped', () => {
    expect(xmlText('plain text')).toBe('plain text');
    expect(xmlText(`a<b>&'"`)).toBe('a&lt;b&gt;&amp;&apos;&quot;');
    expect(xmlText('keep\ttab\nnewline\rreturn')).toBe('keep\ttab\nnewline\rreturn');
    expect(xmlText('drop\u0000\u0007\u000b\u000c\u001f\u007f.')).toBe('drop.');
  });
});
