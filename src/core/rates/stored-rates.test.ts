import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempFolder, testClock } from '../../../test-support/cache-kit';
import { openCache, type SalesCache } from '../cache';
import { importRatesFile, MAX_RATES_FILE_BYTES, storedRateTable } from '.';

const SAMPLE = join(__dirname, '../../../test-support/fixtures/ecb/eurofxref-hist-sample.csv');
const MALFORMED = join(__dirname, '../../../test-support/fixtures/ecb/malformed-rates.csv');
const NO_DATE = join(__dirname, '../../../test-support/fixtures/ecb/no-date-column.csv');
const AT = new Date('2026-11-28T09:00:00.000Z');

const clock = testClock();
let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;
const path = () => join(folder.dir, 'cache.sqlite');

beforeEach(() => {
  folder = tempFolder('stored-rates');
  cache = openCache({ path: path(), now: clock.now }).cache;
});
afterEach(() => {
  cache.close();
  folder.remove();
});

describe('L1: reference rates stored in the cache', () => {
  it('L1: an imported ECB file is stored with where and when it came from, and survives reopening the cache', async () => {
    expect(cache.ratesStatus()).toBeNull();
    const status = await importRatesFile(cache, SAMPLE, AT);
    expect(status).toEqual({
      kind: 'file',
      origin: 'eurofxref-hist-sample.csv',
      importedAt: AT.toISOString(),
      firstDay: '2024-06-03',
      lastDay: '2026-11-27',
      days: 650,
      currencies: ['CHF', 'GBP', 'JPY', 'USD'],
    });
    cache.close();
    cache = openCache({ path: path(), now: clock.now }).cache;
    expect(cache.ratesStatus()).toEqual(status);
  });

  it('L1: the stored table converts exactly through the euro; a day with no rate uses the last earlier one and says so; a currency the ECB does not publish is flagged, never guessed', async () => {
    await importRatesFile(cache, SAMPLE, AT);
    const table = storedRateTable(cache);
    if (table === null) throw new Error('no rates stored');
    // 2026-11-27: USD 1.0377 per euro. 100.00 USD → 100 / 1.0377 = 96.367… → 96.37 EUR.
    expect(table.convert(10000n, 'USD', 'EUR', '2026-11-27')).toEqual({
      converted: true,
      minorUnits: 9637n,
      rateDay: '2026-11-27',
      earlierDay: false,
    });
    // Saturday 28 November has no rate: Friday's, said to be earlier.
    expect(table.convert(10000n, 'USD', 'EUR', '2026-11-28')).toMatchObject({
      minorUnits: 9637n,
      rateDay: '2026-11-27',
      earlierDay: true,
    });
    // 1,000 JPY → GBP on 27 November: 1000 / 157.84 × 0.83305 = 5.2778… → 5.28.
    expect(table.convert(1000n, 'JPY', 'GBP', '2026-11-27')).toMatchObject({ minorUnits: 528n });
    expect(table.convert(1000n, 'KWD', 'EUR', '2026-11-27')).toEqual({
      converted: false,
      reason: 'unknown currency',
      currency: 'KWD',
    });
    expect(table.convert(1000n, 'USD', 'EUR', '2024-06-02')).toMatchObject({ converted: false, reason: 'no rate yet' });
  });
});

describe('L5: bad rates files change nothing', () => {
  it('L5: a malformed rate, a file with no Date column and a file over the size cap are refused with a clear error, and the stored table stays as it was', async () => {
    const stored = await importRatesFile(cache, SAMPLE, AT);
    const later = new Date('2026-11-29T09:00:00.000Z');
    await expect(importRatesFile(cache, MALFORMED, later)).rejects.toThrow(
      'Line 2: the JPY rate "abc" is not a number. Nothing was changed.',
    );
    await expect(importRatesFile(cache, NO_DATE, later)).rejects.toThrow(/has no Date column.*Nothing was changed/);
    const huge = join(folder.dir, 'huge.csv');
    writeFileSync(huge, 'Date,USD\n');
    truncateSync(huge, MAX_RATES_FILE_BYTES + 1);
    await expect(importRatesFile(cache, huge, later)).rejects.toThrow(/too large.*Nothing was changed/);
    await expect(importRatesFile(cache, join(folder.dir, 'missing.csv'), later)).rejects.toThrow(/could not be read/);
    expect(cache.ratesStatus()).toEqual(stored);
    expect(storedRateTable(cache)?.convert(10000n, 'USD', 'EUR', '2026-11-27')).toMatchObject({ minorUnits: 9637n });
  });
});
