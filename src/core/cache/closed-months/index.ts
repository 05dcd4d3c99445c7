export * from './closed-month-store';
