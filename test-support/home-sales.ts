/**
 * Sales the home-currency tests convert: USD owed from September (made on a Sunday) and paid in October, USD made and
 * paid (on a Saturday) in October, JPY pending, GBP declined, and KWD, which the ECB does not publish.
 */
import { join } from 'node:path';
import type { Sale } from '../src/shared/domain';
import { makeSale } from './export-kit';

export const HOME_SALES: readonly Sale[] = [
  makeSale({ currency: 'USD', commissionAmount: 30, transactionDate: '2026-09-20', paymentDate: '2026-10-02' }),
  makeSale({ currency: 'USD', commissionAmount: 100, transactionDate: '2026-10-05', paymentDate: '2026-10-24' }),
  makeSale({
    currency: 'JPY',
    commissionAmount: 1500,
    transactionDate: '2026-10-10',
    paymentStatus: 'pending',
    paymentDate: null,
  }),
  makeSale({
    currency: 'GBP',
    commissionAmount: 12.34,
    commissionStatus: 'declined',
    transactionDate: '2026-10-12',
    paymentStatus: 'pending',
    paymentDate: null,
  }),
  makeSale({
    currency: 'KWD',
    commissionAmount: 1.25,
    transactionDate: '2026-10-13',
    paymentStatus: 'pending',
    paymentDate: null,
  }),
];

/** The ECB rates fixture the home-currency tests import. */
export const ECB_SAMPLE = join(__dirname, 'fixtures/ecb/eurofxref-hist-sample.csv');
