import { describe, expect, it } from 'vitest';
import type { SaleChange } from '../../../../shared/sales-query-types';
import { nextChangesSince, noLongerReportedReferences } from './no-longer-reported';

let id = 0;
function change(
  reference: string,
  field: SaleChange['field'],
  oldValue: string,
  newValue: string,
  changedAt: string,
): SaleChange {
  id += 1;
  return {
    id,
    reference,
    field,
    oldValue,
    newValue,
    oldCurrency: null,
    newCurrency: null,
    changedAt,
    restatement: false,
    paidOn: null,
    transactionDate: '2026-01-02',
    currency: 'EUR',
    commission: '1.00',
  };
}

describe('sales no longer reported', () => {
  it('T5: marks a sale whose last reported change says "no longer reported", and unmarks one reported again', () => {
    const changes = [
      change('A', 'reported', 'reported', 'no longer reported', '2026-01-03T10:00:00.000Z'),
      change('B', 'reported', 'reported', 'no longer reported', '2026-01-03T10:00:00.000Z'),
      change('B', 'paymentStatus', 'pending', 'paid', '2026-01-04T10:00:00.000Z'),
      change('B', 'reported', 'no longer reported', 'reported', '2026-01-05T10:00:00.000Z'),
      change('C', 'commissionStatus', 'pending', 'approved', '2026-01-05T10:00:00.000Z'),
    ];
    // The order the log arrives in does not matter: time (then entry) decides which change is the last.
    expect([...noLongerReportedReferences([...changes].reverse())]).toEqual(['A']);
  });

  it('reads a long log page after page without skipping entries that share an instant', () => {
    const page = [change('A', 'reported', 'reported', 'no longer reported', '2026-01-03T10:00:00.000Z')];
    expect(nextChangesSince(page, 2)).toBeNull();
    expect(nextChangesSince([...page, ...page], 2)).toBe('2026-01-03T09:59:59.999Z');
  });
});
