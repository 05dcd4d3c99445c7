export * from './home-bridge';
export * from './home-payouts';
