export * from './account-actions';
export * from './account-credentials';
export * from './account-registry';
export * from './read-only-reason';
