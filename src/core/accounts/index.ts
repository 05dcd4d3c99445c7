export * from './account-actions';
export * from './account-binding';
export * from './account-credentials';
export * from './account-extra-ca';
export * from './account-registry';
export * from './account-session';
export * from './read-only-reason';
