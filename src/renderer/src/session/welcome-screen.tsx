/**
 * The first thing a person sees without a session: what the app is for and the two ways in.
 * Both choices are big and equal so nobody has to hunt for how to start.
 */
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import { errorTitle } from '../common/error-title';
import { AlertIcon, LogoIcon } from '../common/icons';
import { PageCenter } from '../common/page-center';
import { ConnectAccountModal } from './connect-account-modal';

/** Props of {@link WelcomeScreen}. */
export interface WelcomeScreenProps {
  /** Starts the demo; resolves to an error to show, or null once the demo is open. */
  onStartDemo: () => Promise<AppErrorData | null>;
  startingDemo: boolean;
}

/** The welcome screen with "Connect your account" and "Explore demo data". */
export function WelcomeScreen({ onStartDemo, startingDemo }: WelcomeScreenProps) {
  const [connectOpened, connect] = useDisclosure(false);
  const [error, setError] = useState<AppErrorData | null>(null);

  const startDemo = async () => {
    connect.close();
    setError(null);
    setError(await onStartDemo());
  };

  return (
    <PageCenter size="md">
      <Stack gap="xl">
        <WelcomeIntro />
        {error && (
          <Alert color="red" variant="light" role="alert" icon={<AlertIcon />} title={errorTitle(error.code)}>
            {error.message} You can try again.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <ChoiceCard
            heading="Use your own account"
            text="See your real profile and every sale with its commission, signed in with your platform API credentials."
            action={
              <Button size="md" fullWidth onClick={connect.open}>
                Connect your account
              </Button>
            }
          />
          <ChoiceCard
            heading="Look around first"
            text="Try every screen with a sample profile and sample sales. No account needed, and nothing is sent anywhere."
            action={
              <Button size="md" fullWidth variant="light" loading={startingDemo} onClick={() => void startDemo()}>
                Explore demo data
              </Button>
            }
          />
        </SimpleGrid>
      </Stack>
      <ConnectAccountModal opened={connectOpened} onClose={connect.close} onTryDemo={() => void startDemo()} />
    </PageCenter>
  );
}

function WelcomeIntro() {
  return (
    <Stack gap="xs" align="center" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light">
        <LogoIcon size={36} />
      </ThemeIcon>
      <Title order={1}>Commission Desk</Title>
      <Text c="dimmed" size="lg" maw={520}>
        Your affiliate profile, every sale and its commission, and spreadsheets your accountant can use — in one
        place.
      </Text>
    </Stack>
  );
}

function ChoiceCard({ heading, text, action }: { heading: string; text: string; action: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" shadow="xs">
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          <Title order={2} size="h4">
            {heading}
          </Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Stack>
        <Group grow>{action}</Group>
      </Stack>
    </Card>
  );
}
