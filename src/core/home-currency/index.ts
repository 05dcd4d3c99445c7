export * from './home-conversion';
export * from './home-bridge';
export * from './home-payouts';
export * from './home-year';
