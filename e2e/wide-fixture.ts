/**
 * The Playwright test of the specs that run against a service with sixteen currencies and long, right-to-left and CJK
 * names (e2e/fake-service/wide-dataset.ts): each test gets its own HTTPS fake serving them, up to today.
 */
import { localIsoDay } from '../src/shared/dates';
import { startFakeService, type FakeService } from './fake-service/fake-service';
import { wideSales } from './fake-service/wide-dataset';
import { test as base } from './fixtures';

export const wideTest = base.extend<{ fake: FakeService }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form for fixtures without dependencies.
  fake: async ({}, use) => {
    const today = localIsoDay(new Date());
    const fake = await startFakeService({ sales: wideSales({ endDay: today }), today });
    await use(fake);
    await fake.close();
  },
});
