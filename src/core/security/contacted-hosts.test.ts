/**
 * S14, the hosts the app contacts: every URL the core hands to its network transport is recorded
 * while the demo is explored and exported, and while a real account is signed in to and synced
 * against the HTTPS fake service. The demo contacts nobody; the account contacts its own service
 * and no other host, over https only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { createTestCore } from '../../../test-support/app-core-kit';
import { createNodeFetch, type FetchLike } from '../service';

const TODAY = '2026-06-30';
let fake: FakeService;
let dir: string;

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 300, endDay: TODAY, days: 90, seed: 14 } });
  dir = await mkdtemp(join(tmpdir(), 'contacted-hosts-'));
});
afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

/** A transport that records every URL it is given, then sends it with `send`. */
function recording(send: FetchLike): { fetch: FetchLike; urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    fetch: (url, init) => {
      urls.push(url);
      return send(url, init);
    },
  };
}

describe('the hosts the app contacts', () => {
  it('S14: the demo (profile, sync, sales, export) contacts no host at all', async () => {
    const transport = recording(async () => {
      throw new Error('the demo must not use the network');
    });
    const { core } = createTestCore({
      today: () => TODAY,
      fetch: transport.fetch,
      chooseExportPath: async (name) => join(dir, `demo-${name}`),
    });
    core.session.startDemo();
    await core.profile.get();
    core.sync.start({ from: '2026-04-01', to: TODAY });
    await core.sync.idle();
    expect(
      core.sales.page({
        filter: { from: '2026-04-01', to: TODAY },
        sort: { column: 'transactionDate', direction: 'asc' },
        offset: 0,
        limit: 10,
      }).total,
    ).toBeGreaterThan(0);
    const exported = await core.export.exportSales({ filter: { from: '2026-04-01', to: TODAY }, format: 'csv' });
    expect(exported.rowCount).toBeGreaterThan(0);
    await core.close();
    expect(transport.urls).toEqual([]);
  });

  it('S14: signing in to an account and syncing it contacts that account’s service only, over https', async () => {
    const transport = recording(createNodeFetch({ extraCaPem: fake.caPem }));
    const { core } = createTestCore({ today: () => TODAY, fetch: transport.fetch });
    await core.accounts.testConnection({ baseUrl: fake.baseUrl, ...fake.credentials });
    await core.accounts.addAccount({ baseUrl: fake.baseUrl, ...fake.credentials, label: 'Shop', sessionOnly: false });
    await core.profile.get();
    core.sync.start({ from: '2026-04-01', to: TODAY });
    await core.sync.idle();
    await core.close();
    expect(transport.urls.length).toBeGreaterThan(2);
    const hosts = new Set(transport.urls.map((url) => new URL(url).host));
    expect([...hosts]).toEqual([new URL(fake.baseUrl).host]);
    expect(new Set(transport.urls.map((url) => new URL(url).protocol))).toEqual(new Set(['https:']));
    expect(fake.requests.filter((r) => r.scheme === 'http')).toEqual([]);
  });
});
