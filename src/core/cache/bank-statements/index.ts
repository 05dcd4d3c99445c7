export * from './bank-statement-store';
