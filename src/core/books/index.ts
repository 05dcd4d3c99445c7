export * from './bridge';
export * from './bridge-reader';
