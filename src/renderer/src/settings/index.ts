/** The Settings section: sync, network, appearance, the cache, accounts. */
export { SettingsScreen } from './settings-screen';
