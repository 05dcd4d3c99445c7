export * from './account-id';
export * from './day-numbers';
export * from './lookup-ids';
export * from './money';
export * from './page-store';
export * from './profile-store';
export * from './sale-read';
export * from './sale-row';
