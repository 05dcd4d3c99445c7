export * from './desktop-actions';
export * from './navigation-policy';
export * from './trusted-sender';
export * from './window-guards';
export * from './window-options';
