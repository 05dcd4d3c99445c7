/** The Profile section: the affiliate's profile as the service gives it. */
export { ProfileScreen } from './profile-screen';
