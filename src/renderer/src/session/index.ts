/** The session: signing in, the open account and its menu, asking for credentials again, signing out. */
export { AccountMenu } from './account-menu';
export type { AccountMenuActions } from './account-menu';
export { maskedKeyText, readOnlyTitle, serviceHost, sessionKey } from './account-text';
export { ReauthScreen } from './reauth-screen';
export { SessionOnlyBadge } from './session-only-badge';
export { sessionScope } from './session-scope';
export { SignInScreen } from './sign-in-screen';
export { SignOutModal } from './sign-out-modal';
export { SyncCredentialsModal } from './sync-credentials-modal';
export type { CredentialsPurpose } from './sync-credentials-modal';
export { useSession } from './use-session';
export type { SessionController } from './use-session';
export { WelcomeScreen } from './welcome-screen';
