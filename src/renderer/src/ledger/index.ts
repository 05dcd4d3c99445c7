/** Ledger files of the payouts received in a period, from Payouts and Books. */
export { LedgerButton } from './ledger-button';
export { LedgerDialog } from './ledger-dialog';
