import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { createTestCore } from '../../../test-support/app-core-kit';

const SAMPLE = join(__dirname, '../../../test-support/fixtures/ecb/eurofxref-hist-sample.csv');

describe('L1: fetching rates is off until the user turns it on', () => {
  it('L1: with fetching off the core refuses and never goes online; turned on, it fetches from the ECB and stores the table', async () => {
    const zip = new JSZip();
    zip.file('eurofxref-hist.csv', readFileSync(SAMPLE, 'utf8'));
    const body = await zip.generateAsync({ type: 'uint8array' });
    const asked: string[] = [];
    const { core } = createTestCore({
      fetch: async (url) => {
        asked.push(url);
        return new Response(body);
      },
    });
    try {
      expect(core.preferences.get().ratesFetch).toBe(false);
      await expect(core.rates.fetch()).rejects.toThrow(
        'Fetching rates from the ECB is off. Turn it on in Settings first.',
      );
      expect(asked).toEqual([]);
      core.preferences.update({ ratesFetch: true });
      const status = await core.rates.fetch();
      expect(asked).toEqual(['https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip']);
      expect(status).toMatchObject({ kind: 'ecb', days: 650 });
      expect(core.rates.status()).toEqual(status);
    } finally {
      await core.close();
    }
  });
});
