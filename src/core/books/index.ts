export * from './bridge';
export * from './bridge-reader';
export * from './month-close';
export * from './adjustments';
export * from './closed-bridge';
