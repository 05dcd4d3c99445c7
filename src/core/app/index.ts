export * from './app-core';
export * from './cache-holder';
export * from './extra-ca-transports';
export * from './session-state';
export * from './background-sync';
export * from './news-notifier';
