export * from './reference-rate-store';
