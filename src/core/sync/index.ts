export * from './routine-sync';
export * from './sync-engine';
export * from './sync-manager';
export { busyMessage, leaseHolderText, liveSyncLease, type SyncLeaseOptions } from './sync-lease';
