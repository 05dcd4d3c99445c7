export * from './bridge';
export * from './books-reader';
export * from './month-close';
export * from './adjustments';
export * from './closed-bridge';
export { saleBridge } from './sale-bridge';
