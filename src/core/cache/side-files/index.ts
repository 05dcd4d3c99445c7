export * from './laid-out-file';
