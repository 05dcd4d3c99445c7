export * from './diagnostics';
export * from './logger';
export * from './rotating-file-sink';
