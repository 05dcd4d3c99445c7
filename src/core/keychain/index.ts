export * from './keytar-secret-store';
export * from './memory-secret-store';
export * from './secret-store';
