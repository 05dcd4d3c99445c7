export * from './ledger-format';
export { ledgerLines, type LedgerLine } from './ledger-lines';
export { ledgerFiles } from './ledger-files';
export * from './write-ledger';
