export * from './home-bridge';
