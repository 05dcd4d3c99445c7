import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { renameAccountSchema } from '../../shared/ipc-contract';
import { createTestCore } from '../../../test-support/app-core-kit';
import { createKeytarSecretStore } from '../keychain';
import { createNodeFetch } from '../service';
import { createConfSettingsStore } from '../settings';
import type { AppCore } from '../app';

const TODAY = '2026-06-30';
let fake: FakeService;
let dir: string;
let service: string;
const opened: AppCore[] = [];

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 120, endDay: TODAY, days: 30 } });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rename-test-'));
  service = `Commission Desk (test ${randomUUID()})`;
});
afterEach(async () => {
  for (const core of opened.splice(0)) await core.close();
  for (const entry of await keytar.findCredentials(service)) await keytar.deletePassword(service, entry.account);
  await rm(dir, { recursive: true, force: true });
});

/** A core as the app builds it at each start, on this test's folder and keychain service. */
function appCore(): AppCore {
  const { core } = createTestCore({
    today: () => TODAY,
    settings: createConfSettingsStore(dir),
    keychain: createKeytarSecretStore(service),
    fetch: createNodeFetch({ extraCaPem: fake.caPem }),
    cachePath: join(dir, 'cache.sqlite'),
  });
  opened.push(core);
  return core;
}

describe('renaming an account', () => {
  it('changes the label only: after a restart the account opens signed in under its new name with the same cached sales', async () => {
    const first = appCore();
    const added = await first.accounts.addAccount({
      baseUrl: fake.baseUrl,
      ...fake.credentials,
      label: 'Old name',
      sessionOnly: false,
    });
    if (added.kind !== 'account') throw new Error('no account');
    first.sync.start({ from: '2026-06-01', to: TODAY });
    await first.sync.idle();
    const cached = first.sales.page({
      filter: {},
      sort: { column: 'transactionDate', direction: 'desc' },
      offset: 0,
      limit: 5,
    }).total;
    expect(cached).toBeGreaterThan(0);

    const renamed = first.accounts.rename({ accountId: added.account.id, label: 'Main shop' });
    expect(renamed).toMatchObject({ kind: 'account', account: { id: added.account.id, label: 'Main shop' } });
    await first.close();

    const next = appCore();
    const restored = await next.session.restore();
    expect(restored).toMatchObject({
      kind: 'account',
      signedIn: true,
      account: { id: added.account.id, label: 'Main shop' },
    });
    expect(
      next.sales.page({ filter: {}, sort: { column: 'transactionDate', direction: 'desc' }, offset: 0, limit: 5 })
        .total,
    ).toBe(cached);
    expect((await keytar.findCredentials(service)).length).toBe(1);
    expect(next.overview.accounts().map((line) => line.label)).toEqual(['Main shop']);
  });

  it('refuses an empty or too long name, and an account that does not exist, with a clear message', () => {
    const blank = renameAccountSchema.safeParse({ accountId: randomUUID(), label: '   ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe('Enter a name for the account.');
    expect(renameAccountSchema.safeParse({ accountId: randomUUID(), label: 'x'.repeat(101) }).success).toBe(false);
    expect(() => appCore().accounts.rename({ accountId: randomUUID(), label: 'Ghost' })).toThrow(/no longer exists/);
  });
});
