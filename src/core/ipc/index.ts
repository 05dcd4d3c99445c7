export * from './ipc-registrar';
export * from './register-all';
