export * from './conf-settings-store';
export * from './preferences-store';
export * from './settings-store';
