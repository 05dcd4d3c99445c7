export * from './accounts-overview';
