export * from './payout-report';
