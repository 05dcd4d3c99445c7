import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../file';
import { createBrowseIndex, type AccountView } from './browse-index';
import { sampleSales, tempFolder, testClock } from '../../../../test-support/cache-kit';

const ACCOUNT = 'lent';
const clock = testClock();
let folder: ReturnType<typeof tempFolder>;
let db: Database.Database;
let view: AccountView;

beforeAll(() => {
  folder = tempFolder('lent-buffers');
  const path = join(folder.dir, 'cache.sqlite');
  const { cache } = openCache({ path, now: clock.now });
  cache.storePage(ACCOUNT, sampleSales({ count: 300, days: 60 }), clock.now());
  cache.close();
  db = new Database(path);
  view = createBrowseIndex(db).view(ACCOUNT);
});

afterAll(() => {
  db.close();
  folder.remove();
});

describe('the browse view lends its reused buffers', () => {
  it('gives what a callback computes from a selection and an order', () => {
    const euro = view.withSelection({ currencies: ['EUR'] }, ({ count }) => count);
    const all = view.withSelection({}, ({ mask, count }) => ({
      count,
      marked: mask.reduce((sum, bit) => sum + bit, 0),
    }));
    expect(all).toEqual({ count: 300, marked: 300 });
    expect(euro).toBeGreaterThan(0);
    expect(euro).toBeLessThan(300);
    expect(view.withOrder('reference', (order) => order.length)).toBe(300);
  });

  it('H2: refuses, by type, a lent mask or order as a result or a property of one', () => {
    // @ts-expect-error a lent mask may not leave its callback
    view.withSelection({}, ({ mask }) => mask);
    // @ts-expect-error nor as a property of the result
    view.withSelection({}, ({ mask, count }) => ({ mask, count }));
    // @ts-expect-error a lent order neither
    view.withOrder('reference', (order) => order);
    // A copy is the callback's own, and may go.
    expect(view.withOrder('reference', (order) => Int32Array.from(order)).length).toBe(300);
  });

  it('H2: throws when a second selection or order is asked for while one is lent, and lends again afterwards', () => {
    expect(() =>
      view.withSelection({}, () => view.withSelection({ currencies: ['EUR'] }, ({ count }) => count)),
    ).toThrow(/while another is lent/);
    expect(() => view.withOrder('reference', () => view.withOrder('transactionDate', (order) => order.length))).toThrow(
      /while another is lent/,
    );
    expect(view.withSelection({}, () => view.withOrder('reference', (order) => order.length))).toBe(300);
    expect(view.withSelection({ currencies: ['EUR'] }, ({ count }) => count)).toBeGreaterThan(0);
  });
});
