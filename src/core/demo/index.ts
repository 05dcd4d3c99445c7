export * from './demo-client';
export * from './demo-fetch';
export * from './random';
export * from './sales-dataset';
export * from './spec-service';
