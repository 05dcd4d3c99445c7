/**
 * The frame around everything once a session is open: header with the sync status and the account switcher,
 * section navbar (collapsing behind a burger on narrow windows) and the active section's screen — or, when the
 * service refused the open account's credentials, the sign-in-again form in place of the sections. An account whose
 * credentials cannot be read opens read-only: the sections on its cache, a banner saying why, and the credentials
 * asked for only to sync (T7). It owns the session's sync controller and the per-account sales view state, so both
 * survive switching sections.
 */
import { AppShell, Box } from '@mantine/core';
import { useDisclosure, useElementSize } from '@mantine/hooks';
import { notifyError } from '../common/notify';
import { useState, type CSSProperties, type ReactNode } from 'react';
import type { AccountSummary, AppInfo, SessionStatus } from '../../../shared/ipc-contract';
import type { AppErrorData } from '../../../shared/errors';
import { useFirstPaintDone } from '../common/first-paint';
import { usePreferences } from '../common/preferences-context';
import { SalesScreen } from '../sales/screen';
import { useSalesView, type SalesView } from '../sales/view';
import {
  AccountMenu,
  type AccountMenuActions,
  ReauthScreen,
  sessionScope,
  SignOutModal,
  SyncCredentialsModal,
  type CredentialsPurpose,
  type SessionController,
} from '../session';
import { SyncProvider, useToday, SyncControl } from '../sync';
import {
  CompareScreen,
  OverviewScreen,
  PayoutsScreen,
  AdjustmentsScreen,
  BooksScreen,
  preloadSections,
  ProfileScreen,
  SettingsScreen,
} from './lazy-screens';
import { ReadOnlyBanner } from './read-only-banner';
import { ReadOnlyStatus } from './read-only-status';
import { SECTIONS, type SectionId } from './sections';
import { SessionOnlyBanner } from './session-only-banner';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { ShellHeader } from './shell-header';
import { ShellNavbar } from './shell-navbar';

const NAV_BREAKPOINT = 'md';

/** Props of {@link MainShell}. */
export interface MainShellProps {
  session: Exclude<SessionStatus, { kind: 'none' }>;
  controller: Pick<SessionController, 'startDemo' | 'endSession' | 'switchAccount' | 'signOut' | 'apply' | 'pending'>;
  /** Opens the sign-in screen to add another account. */
  onAddAccount: () => void;
  /** Facts about the app (cache location, version), or null while loading. */
  appInfo: AppInfo | null;
  appInfoError: AppErrorData | null;
}

function reportFailure(error: AppErrorData | null): void {
  if (error) notifyError('account', error);
}

/** The main application shell. */
export function MainShell({ session, controller, onAddAccount, appInfo, appInfoError }: MainShellProps) {
  const [navOpened, nav] = useDisclosure(false);
  const [section, setSection] = useState<SectionId>(SECTIONS[0]?.id ?? 'sales');
  const [signOutOf, setSignOutOf] = useState<AccountSummary | null>(null);
  const scope = sessionScope(session);
  const today = useToday();
  const salesView = useSalesView(scope, today);
  const { prefs, loaded } = usePreferences();
  const firstSyncDays = prefs.firstSyncDays;
  // Destructured: the height is plain state, only the callback ref belongs on the element.
  const { ref: bannerRef, height: bannerHeight } = useElementSize();

  const [credentialsFor, setCredentialsFor] = useState<CredentialsPurpose | null>(null);
  const painted = useFirstPaintDone();

  const signedIn = session.kind === 'demo' || session.signedIn;
  const readOnly = session.kind === 'account' && !session.signedIn ? session.readOnly : null;
  /** Signed in, or read-only on the cache: the sections are open either way. */
  const browsing = signedIn || readOnly !== null;
  const sessionOnly = session.kind === 'account' && session.signedIn && !session.account.remembered;
  const withBanner = sessionOnly || readOnly !== null;

  const select = (id: SectionId) => {
    setSection(id);
    nav.close();
  };

  /** Opens an account from the Overview and shows its sales. */
  const openAccount = async (id: string) => {
    const current = session.kind === 'account' ? session.account.id : null;
    const error = id === current ? null : await controller.switchAccount(id);
    reportFailure(error);
    if (error === null) select('sales');
  };

  const leaveDemo = async () => reportFailure(await controller.endSession());

  const retryKeychain = async () => {
    if (session.kind !== 'account') return;
    reportFailure(await controller.switchAccount(session.account.id));
  };

  const requestSignOut = () => {
    if (session.kind === 'account') setSignOutOf(session.account);
  };

  const menuActions: AccountMenuActions = {
    switchAccount: controller.switchAccount,
    startDemo: controller.startDemo,
    addAccount: onAddAccount,
    requestSignOut,
    switching: controller.pending === 'switchAccount' || controller.pending === 'startDemo',
  };

  /** Lets the sales screen, which fills the window, leave room for the banner. */
  const mainStyle = {
    '--shell-banner-offset': withBanner ? `calc(${bannerHeight}px + var(--mantine-spacing-md))` : '0px',
  } as CSSProperties;

  return (
    <SyncProvider enabled={signedIn && loaded} firstSyncDays={firstSyncDays}>
      <AppShell
        header={{ height: 56 }}
        navbar={browsing ? { width: 180, breakpoint: NAV_BREAKPOINT, collapsed: { mobile: !navOpened } } : undefined}
        padding="md"
      >
        <SkipLink />
        <ShellHeader
          switcher={<AccountMenu session={session} actions={menuActions} />}
          status={
            signedIn ? (
              <SyncControl />
            ) : readOnly ? (
              <ReadOnlyStatus reason={readOnly} onSync={() => setCredentialsFor('sync')} />
            ) : null
          }
          withNav={browsing}
          navOpened={navOpened}
          onToggleNav={nav.toggle}
          {...(session.kind === 'demo' ? { onLeaveDemo: () => void leaveDemo() } : {})}
          leaving={controller.pending === 'endSession'}
          breakpoint={NAV_BREAKPOINT}
        />
        {browsing && (
          <Box onPointerEnter={preloadSections} onFocus={preloadSections} style={{ display: 'contents' }}>
            <ShellNavbar active={section} onSelect={select} scope={scope} />
          </Box>
        )}
        {/* Focusable from the skip link only; the region needs no ring of its own. */}
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ ...mainStyle, outline: 'none' }}>
          {withBanner && (
            <Box ref={bannerRef} mb="md">
              {readOnly ? (
                <ReadOnlyBanner
                  reason={readOnly}
                  onEnterCredentials={() => setCredentialsFor('sync')}
                  onRetryKeychain={() => void retryKeychain()}
                  retrying={controller.pending === 'switchAccount'}
                />
              ) : (
                <SessionOnlyBanner onSave={() => setCredentialsFor('save')} />
              )}
            </Box>
          )}
          {session.kind === 'account' && !browsing ? (
            <ReauthScreen
              key={session.account.id}
              account={session.account}
              problem={session.problem}
              onSignedIn={controller.apply}
              switcher={<AccountMenu session={session} actions={menuActions} variant="link" />}
              onSignOut={requestSignOut}
            />
          ) : (
            <SectionContent
              section={section}
              salesView={salesView}
              scope={scope}
              overview={
                <OverviewScreen
                  currentAccountId={session.kind === 'account' ? session.account.id : null}
                  opening={menuActions.switching}
                  onOpen={(id) => void openAccount(id)}
                  onRenamed={controller.apply}
                />
              }
              settings={
                <SettingsScreen
                  session={session}
                  appInfo={appInfo}
                  appInfoError={appInfoError}
                  onOpenAccount={(id) => void controller.switchAccount(id).then(reportFailure)}
                  onOpenDemo={() => void controller.startDemo().then(reportFailure)}
                  onSignOut={setSignOutOf}
                  onAddAccount={onAddAccount}
                  switching={menuActions.switching}
                />
              }
            />
          )}
        </AppShell.Main>
        {/* Closed dialogs wait for the first frame (see first-paint.ts). */}
        {(painted || signOutOf !== null) && (
          <SignOutModal account={signOutOf} onClose={() => setSignOutOf(null)} onSignOut={controller.signOut} />
        )}
        {session.kind === 'account' && (painted || credentialsFor !== null) && (
          <SyncCredentialsModal
            account={session.account}
            purpose={credentialsFor}
            readOnly={readOnly}
            problem={session.problem}
            onClose={() => setCredentialsFor(null)}
            onSignedIn={controller.apply}
          />
        )}
      </AppShell>
    </SyncProvider>
  );
}

function SectionContent({
  section,
  salesView,
  scope,
  overview,
  settings,
}: {
  section: SectionId;
  salesView: SalesView;
  scope: string;
  overview: ReactNode;
  settings: ReactNode;
}) {
  if (section === 'sales') return <SalesScreen view={salesView} scope={scope} />;
  return otherSection(section, overview, settings);
}

function otherSection(section: Exclude<SectionId, 'sales'>, overview: ReactNode, settings: ReactNode): ReactNode {
  switch (section) {
    case 'payouts':
      return <PayoutsScreen />;
    case 'books':
      return <BooksScreen />;
    case 'adjustments':
      return <AdjustmentsScreen />;
    case 'compare':
      return <CompareScreen />;
    case 'overview':
      return overview;
    case 'profile':
      return <ProfileScreen />;
    case 'settings':
      return settings;
  }
}
