export * from './bridge';
