/**
 * The frame around everything once a session is open: header, section navbar (collapsing behind a
 * burger on narrow windows) and the active section's screen.
 */
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import type { SessionStatus } from '../../../shared/ipc-contract';
import { errorTitle } from '../common/error-title';
import { ProfileScreen } from '../profile/profile-screen';
import { SalesScreen } from '../sales/sales-screen';
import { useSalesView, type SalesView } from '../sales/use-sales-view';
import { SECTIONS, type SectionId } from './sections';
import { ShellHeader } from './shell-header';
import { ShellNavbar } from './shell-navbar';

const NAV_BREAKPOINT = 'md';

/** Props of {@link MainShell}. */
export interface MainShellProps {
  session: Exclude<SessionStatus, { kind: 'none' }>;
  /** Ends the session; resolves to an error to show, or null once it has ended. */
  onLeave: () => Promise<AppErrorData | null>;
  leaving: boolean;
}

/** The main application shell. */
export function MainShell({ session, onLeave, leaving }: MainShellProps) {
  const [navOpened, nav] = useDisclosure(false);
  const [section, setSection] = useState<SectionId>(SECTIONS[0]?.id ?? 'sales');
  const salesView = useSalesView();

  const select = (id: SectionId) => {
    setSection(id);
    nav.close();
  };

  const leave = async () => {
    const error = await onLeave();
    if (error) notifications.show({ color: 'red', title: errorTitle(error.code), message: error.message });
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 180, breakpoint: NAV_BREAKPOINT, collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <ShellHeader
        session={session}
        navOpened={navOpened}
        onToggleNav={nav.toggle}
        onLeave={() => void leave()}
        leaving={leaving}
        breakpoint={NAV_BREAKPOINT}
      />
      <ShellNavbar active={section} onSelect={select} />
      <AppShell.Main>
        <SectionContent section={section} salesView={salesView} />
      </AppShell.Main>
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
