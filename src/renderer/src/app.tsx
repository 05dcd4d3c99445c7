/**
 * The top of the UI: reads the session and shows the welcome screen, the sign-in screen or the
 * main shell. Everything below receives what it needs as props, so each screen can be rendered and
 * tested on its own.
 */
import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { AppInfo, SessionStatus } from '../../shared/ipc-contract';
import { ErrorState } from './common/error-state';
import { errorTitle } from './common/error-title';
import { useBridgeQuery } from './common/use-bridge-query';
import { PageCenter } from './common/page-center';
import { startRequest, takeArrivedStartAnswer } from './common/start-requests';
import { usePreferences } from './common/preferences-context';
import { sessionKey, SignInScreen, useSession, WelcomeScreen } from './session';
import { MainShell } from './shell';
import { notify } from './common/notify';

/** The root component. */
export function App() {
  const controller = useSession();
  const { session, error, retry } = controller;
  /** The sign-in screen sits over whatever the session shows; closing it returns there. */
  const [signingIn, setSigningIn] = useState(false);
  const appInfo = useBridgeQuery(() => startRequest('getAppInfo'), 'app-info', {
    initial: () => takeArrivedStartAnswer('getAppInfo'),
  });
  useCacheNotice(appInfo.data);
  // The screens read the remembered views (filters, sort, columns): drawn before those arrive, the sales screen would
  // ask the cache for the default view first and then again for the remembered one.
  const { loaded: preferencesLoaded } = usePreferences();

  if (session === null || !preferencesLoaded) {
    return error && session === null ? (
      <PageCenter>
        <ErrorState error={error} title="Commission Desk could not start" onRetry={retry} />
      </PageCenter>
    ) : (
      <StartingUp />
    );
  }
  if (signingIn) {
    const signedIn = (status: SessionStatus) => {
      controller.apply(status);
      setSigningIn(false);
      announceSignIn(status);
    };
    return <SignInScreen onSignedIn={signedIn} onCancel={() => setSigningIn(false)} />;
  }
  if (session.kind === 'none') {
    return (
      <WelcomeScreen
        accounts={session.accounts}
        onConnect={() => setSigningIn(true)}
        onOpenAccount={controller.switchAccount}
        onStartDemo={controller.startDemo}
        startingDemo={controller.pending === 'startDemo'}
      />
    );
  }
  return (
    <MainShell
      key={sessionKey(session)}
      session={session}
      controller={controller}
      onAddAccount={() => setSigningIn(true)}
      appInfo={appInfo.data}
      appInfoError={appInfo.error}
    />
  );
}

/**
 * Tells the user, once per start, what the main process found when it opened the sales cache: a damaged file moved
 * aside (a notice) or a cache that cannot be used at all (an error). Both stay until closed; Settings repeats them.
 */
function useCacheNotice(info: AppInfo | null): void {
  const shown = useRef(false);
  useEffect(() => {
    if (info === null || shown.current) return;
    shown.current = true;
    if (info.cache.error) {
      notify({
        kind: 'cache',
        tone: 'error',
        title: errorTitle(info.cache.error.code),
        message: info.cache.error.message,
        testId: 'cache-error-notification',
      });
    }
    if (info.cache.notice) {
      notify({
        kind: 'cache-notice',
        tone: 'warning',
        title: 'About your sales cache',
        message: info.cache.notice,
        testId: 'cache-notice-notification',
      });
    }
  }, [info]);
}

/** Confirms where the credentials went, so people know what "signed in" left on their computer. */
function announceSignIn(status: SessionStatus) {
  if (status.kind !== 'account') return;
  const { label, remembered } = status.account;
  notify({
    kind: 'account',
    tone: 'success',
    title: `Signed in to ${label}`,
    message: remembered
      ? 'Your API key and secret are stored in the system keychain.'
      : 'Your API key and secret are kept in memory until you quit.',
    testId: 'signed-in-notification',
  });
}

function StartingUp() {
  return (
    <PageCenter size="xs">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader />
        <Text c="dimmed">Starting Commission Desk…</Text>
      </Stack>
    </PageCenter>
  );
}
