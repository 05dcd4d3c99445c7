/** The Overview section: every saved account at once. */
export { OverviewScreen } from './overview-screen';
