export * from './base-url';
export * from './clock';
export * from './extra-ca';
export * from './node-fetch';
export * from './page-iterator';
export * from './service-client';
export { ServiceError } from './service-errors';
