export * from './sale-iterator';
export * from './sql-filter';
