export * from './sync-engine';
export * from './sync-manager';
