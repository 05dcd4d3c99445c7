import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempFolder, testClock } from '../../../test-support/cache-kit';
import { openCache, type SalesCache } from '../cache';
import { ECB_RATES_URL, fetchEcbRates, importRatesFile } from '.';

const SAMPLE = join(__dirname, '../../../test-support/fixtures/ecb/eurofxref-hist-sample.csv');
const AT = new Date('2026-11-28T09:00:00.000Z');
const clock = testClock();
let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;

beforeEach(() => {
  folder = tempFolder('ecb-fetch');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: clock.now }).cache;
});
afterEach(() => {
  cache.close();
  folder.remove();
});

async function zipOf(name: string, text: string): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(name, text);
  return zip.generateAsync({ type: 'uint8array' });
}

/** A fetch that records what it was asked and answers `body` with `status`. */
function answering(body: Uint8Array, status = 200, headers: Record<string, string> = {}) {
  const asked: { url: string; init: RequestInit }[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    asked.push({ url, init });
    return new Response(body, { status, headers });
  };
  return { fetch, asked };
}

describe('L1: the rates fetched from the ECB, only when turned on', () => {
  it('L1: the ECB’s zip is fetched from its own address with no redirect followed, unzipped and stored as from the ECB', async () => {
    const { fetch, asked } = answering(await zipOf('eurofxref-hist.csv', readFileSync(SAMPLE, 'utf8')));
    const status = await fetchEcbRates(cache, fetch, AT);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.url).toBe('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip');
    expect(asked[0]?.init.redirect).toBe('error');
    expect(status).toMatchObject({ kind: 'ecb', origin: ECB_RATES_URL, days: 650, lastDay: '2026-11-27' });
  });

  it('L5: an error answer, an answer too large, a zip without the table, a bad table and no network change nothing', async () => {
    const stored = await importRatesFile(cache, SAMPLE, AT);
    const cases = [
      answering(new Uint8Array(), 503).fetch,
      answering(new Uint8Array(10), 200, { 'content-length': String(5 * 1024 * 1024) }).fetch,
      answering(await zipOf('something-else.csv', 'Date,USD\n2026-11-27,1.04\n')).fetch,
      answering(await zipOf('eurofxref-hist.csv', 'Date,USD\n2026-11-27,abc\n')).fetch,
      answering(new TextEncoder().encode('<html>not a zip</html>')).fetch,
      async () => {
        throw new TypeError('fetch failed');
      },
    ];
    const messages: string[] = [];
    for (const fetch of cases)
      await fetchEcbRates(cache, fetch, AT).then(
        () => messages.push('stored'),
        (error: Error) => messages.push(error.message),
      );
    expect(messages).toEqual([
      'The ECB answered 503. The stored rates stay as they were; you can import the file instead.',
      'The ECB sent more than its rates table can be. The stored rates stay as they were; you can import the file instead.',
      'The ECB’s zip holds no eurofxref-hist.csv. The stored rates stay as they were; you can import the file instead.',
      'Line 2: the USD rate "abc" is not a number. Nothing was changed.',
      'The ECB sent something that is not its zipped rates table. The stored rates stay as they were; you can import the file instead.',
      'The ECB could not be reached. The stored rates stay as they were; you can import the file instead.',
    ]);
    expect(cache.ratesStatus()).toEqual(stored);
  });
});
