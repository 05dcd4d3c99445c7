export * from './conf-settings-store';
export * from './preferences-store';
export * from './private-files';
export * from './settings-store';
