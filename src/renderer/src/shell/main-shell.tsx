/**
 * The frame around everything once a session is open: header with the account switcher, section
 * navbar (collapsing behind a burger on narrow windows) and the active section's screen — or, when
 * the open account must sign in again, that form in place of the sections.
 */
import { AppShell, Box } from '@mantine/core';
import { useDisclosure, useElementSize } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState, type CSSProperties } from 'react';
import type { AccountSummary, SessionStatus } from '../../../shared/ipc-contract';
import { errorTitle } from '../common/error-title';
import { ProfileScreen } from '../profile/profile-screen';
import { SalesScreen } from '../sales/sales-screen';
import { useSalesView, type SalesView } from '../sales/use-sales-view';
import { AccountMenu, type AccountMenuActions } from '../session/account-menu';
import { ReauthScreen } from '../session/reauth-screen';
import { SignOutModal } from '../session/sign-out-modal';
import type { SessionController } from '../session/use-session';
import { SECTIONS, type SectionId } from './sections';
import { SessionOnlyBanner } from './session-only-banner';
import { ShellHeader } from './shell-header';
import { ShellNavbar } from './shell-navbar';

const NAV_BREAKPOINT = 'md';

/** Props of {@link MainShell}. */
export interface MainShellProps {
  session: Exclude<SessionStatus, { kind: 'none' }>;
  controller: Pick<SessionController, 'startDemo' | 'endSession' | 'switchAccount' | 'signOut' | 'apply' | 'pending'>;
  /** Opens the sign-in screen to add another account. */
  onAddAccount: () => void;
}

/** The main application shell. */
export function MainShell({ session, controller, onAddAccount }: MainShellProps) {
  const [navOpened, nav] = useDisclosure(false);
  const [section, setSection] = useState<SectionId>(SECTIONS[0]?.id ?? 'sales');
  const [signOutOf, setSignOutOf] = useState<AccountSummary | null>(null);
  const salesView = useSalesView();
  const banner = useElementSize();

  const signedIn = session.kind === 'demo' || session.signedIn;
  const sessionOnly = session.kind === 'account' && session.signedIn && !session.account.remembered;

  const select = (id: SectionId) => {
    setSection(id);
    nav.close();
  };

  const leaveDemo = async () => {
    const error = await controller.endSession();
    if (error) notifications.show({ color: 'red', title: errorTitle(error.code), message: error.message });
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
    '--shell-banner-offset': sessionOnly ? `calc(${banner.height}px + var(--mantine-spacing-md))` : '0px',
  } as CSSProperties;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={signedIn ? { width: 180, breakpoint: NAV_BREAKPOINT, collapsed: { mobile: !navOpened } } : undefined}
      padding="md"
    >
      <ShellHeader
        switcher={<AccountMenu session={session} actions={menuActions} />}
        withNav={signedIn}
        navOpened={navOpened}
        onToggleNav={nav.toggle}
        {...(session.kind === 'demo' ? { onLeaveDemo: () => void leaveDemo() } : {})}
        leaving={controller.pending === 'endSession'}
        breakpoint={NAV_BREAKPOINT}
      />
      {signedIn && <ShellNavbar active={section} onSelect={select} />}
      <AppShell.Main style={mainStyle}>
        {sessionOnly && (
          <Box ref={banner.ref} mb="md">
            <SessionOnlyBanner />
          </Box>
        )}
        {session.kind === 'account' && !session.signedIn ? (
          <ReauthScreen
            key={session.account.id}
            account={session.account}
            problem={session.problem}
            onSignedIn={controller.apply}
            switcher={<AccountMenu session={session} actions={menuActions} variant="link" />}
            onSignOut={requestSignOut}
          />
        ) : (
          <SectionContent section={section} salesView={salesView} />
        )}
      </AppShell.Main>
      <SignOutModal account={signOutOf} onClose={() => setSignOutOf(null)} onSignOut={controller.signOut} />
    </AppShell>
  );
}

function SectionContent({ section, salesView }: { section: SectionId; salesView: SalesView }) {
  switch (section) {
    case 'sales':
      return <SalesScreen view={salesView} />;
    case 'profile':
      return <ProfileScreen />;
  }
}
