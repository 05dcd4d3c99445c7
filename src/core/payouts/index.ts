export * from './payout-report';
export * from './payment-history';
export * from './aging';
export { addCommission } from './sale-commission';
