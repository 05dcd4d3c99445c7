export * from './change-log';
