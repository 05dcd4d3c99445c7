export * from './ipc-handlers';
export * from './ipc-registrar';
export * from './register-handler';
export * from './register-ipc';
