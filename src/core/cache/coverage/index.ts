export * from './coverage-store';
export * from './settled-days';
export * from './sync-runs';
export * from './sync-leases';
