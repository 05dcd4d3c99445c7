export * from './integrity-check';
export * from './open-cache';
