import { afterEach, describe, expect, it } from 'vitest';
import { call, save } from './bridge';

/** A bridge whose preference saves answer only when released, recording when each method was sent and answered. */
function slowSavingBridge(): { events: string[]; release: () => void } {
  const events: string[] = [];
  const waiting: (() => void)[] = [];
  let homeCurrency = 'none';
  Object.defineProperty(globalThis, 'commissionDesk', {
    value: {
      updatePreferences: (patch: { homeCurrency: string }) => {
        events.push(`save ${patch.homeCurrency} sent`);
        return new Promise((resolve) => {
          waiting.push(() => {
            homeCurrency = patch.homeCurrency;
            events.push(`save ${patch.homeCurrency} answered`);
            resolve({ ok: true, value: { homeCurrency } });
          });
        });
      },
      homeBridge: () => {
        events.push(`read sent (home ${homeCurrency})`);
        return Promise.resolve({ ok: true, value: { home: homeCurrency } });
      },
    },
    configurable: true,
  });
  return { events, release: () => waiting.shift()?.() };
}

afterEach(() => {
  delete (globalThis as { commissionDesk?: unknown }).commissionDesk;
});

describe('calls to the main process around a preference save', () => {
  it('a read asked for right after a change answers for the new value, and saves arrive in order', async () => {
    const { events, release } = slowSavingBridge();
    const first = save('updatePreferences', { homeCurrency: 'GBP' });
    const second = save('updatePreferences', { homeCurrency: 'EUR' });
    const read = call('homeBridge', { from: '2026-10-01', to: '2026-10-31' });
    expect(events).toEqual(['save GBP sent']);

    release();
    await first;
    expect(events).toEqual(['save GBP sent', 'save GBP answered', 'save EUR sent']);
    release();
    expect(await read).toEqual({ ok: true, value: { home: 'EUR' } });
    await second;
    expect(events).toEqual([
      'save GBP sent',
      'save GBP answered',
      'save EUR sent',
      'save EUR answered',
      'read sent (home EUR)',
    ]);
  });

  it('with no save waiting, a call is sent at once, in the same turn', async () => {
    const { events } = slowSavingBridge();
    const read = call('homeBridge', { from: '2026-10-01', to: '2026-10-31' });
    expect(events).toEqual(['read sent (home none)']);
    expect(await read).toEqual({ ok: true, value: { home: 'none' } });
  });
});
