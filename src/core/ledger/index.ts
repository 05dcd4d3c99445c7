export * from './ledger-format';
export type { LedgerLine } from './ledger-lines';
export { ledgerFiles } from './ledger-files';
export * from './write-ledger';
