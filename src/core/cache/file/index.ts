export * from './integrity-check';
export * from './open-cache';
export { MIGRATIONS } from './migrations';
