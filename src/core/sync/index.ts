export * from './routine-sync';
export * from './sync-engine';
export * from './sync-manager';
