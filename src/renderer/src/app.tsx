/**
 * The top of the UI: reads the session and shows the welcome screen or the main shell. Everything
 * below receives what it needs as props, so each screen can be rendered and tested on its own.
 */
import { Loader, Stack, Text } from '@mantine/core';
import { ErrorState } from './common/error-state';
import { PageCenter } from './common/page-center';
import { useSession } from './session/use-session';
import { WelcomeScreen } from './session/welcome-screen';
import { MainShell } from './shell/main-shell';

/** The root component. */
export function App() {
  const { session, error, retry, startDemo, endSession, pending } = useSession();

  if (session === null) {
    return error ? (
      <PageCenter>
        <ErrorState error={error} title="Commission Desk could not start" onRetry={retry} />
      </PageCenter>
    ) : (
      <StartingUp />
    );
  }
  if (session.kind === 'none') {
    return <WelcomeScreen onStartDemo={startDemo} startingDemo={pending === 'startDemo'} />;
  }
  return <MainShell session={session} onLeave={endSession} leaving={pending === 'endSession'} />;
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
