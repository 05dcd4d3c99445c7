/**
 * The first thing a person sees without a session: what the app is for and the two ways in.
 * Both choices are big and equal so nobody has to hunt for how to start. Accounts saved on this
 * computer (for example after signing out but keeping their cached sales) are listed above them.
 */
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import type { AccountSummary } from '../../../shared/ipc-contract';
import { errorTitle } from '../common/error-title';
import { AlertIcon, LogoIcon } from '../common/icons';
import { PageCenter } from '../common/page-center';
import { maskedKeyText, serviceHost } from './account-text';
import { SessionOnlyBadge } from './session-only-badge';

/** Props of {@link WelcomeScreen}. */
export interface WelcomeScreenProps {
  /** Accounts saved on this computer. */
  accounts: AccountSummary[];
  /** Opens the sign-in screen. */
  onConnect: () => void;
  /** Opens a saved account; resolves to an error to show, or null once it is open. */
  onOpenAccount: (accountId: string) => Promise<AppErrorData | null>;
  /** Starts the demo; resolves to an error to show, or null once the demo is open. */
  onStartDemo: () => Promise<AppErrorData | null>;
  startingDemo: boolean;
}

/** The welcome screen with "Connect your account" and "Explore demo data". */
export function WelcomeScreen({ accounts, onConnect, onOpenAccount, onStartDemo, startingDemo }: WelcomeScreenProps) {
  const [error, setError] = useState<AppErrorData | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  const startDemo = async () => {
    setError(null);
    setError(await onStartDemo());
  };

  const openAccount = async (accountId: string) => {
    setError(null);
    setOpening(accountId);
    const failure = await onOpenAccount(accountId);
    setOpening(null);
    setError(failure);
  };

  return (
    <PageCenter size="md">
      <Stack gap="xl" py="md">
        <WelcomeIntro />
        {error && (
          <Alert color="red" variant="light" role="alert" icon={<AlertIcon />} title={errorTitle(error.code)}>
            {error.message} You can try again.
          </Alert>
        )}
        {accounts.length > 0 && (
          <SavedAccounts accounts={accounts} opening={opening} onOpen={(id) => void openAccount(id)} />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <ChoiceCard
            heading={accounts.length > 0 ? 'Add an account' : 'Use your own account'}
            text="See your real profile and every sale with its commission, signed in with your platform API credentials."
            action={
              <Button size="md" fullWidth onClick={onConnect}>
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
        Your affiliate profile, every sale and its commission, and spreadsheets your accountant can use — in one place.
      </Text>
    </Stack>
  );
}

function SavedAccounts({
  accounts,
  opening,
  onOpen,
}: {
  accounts: AccountSummary[];
  opening: string | null;
  onOpen: (accountId: string) => void;
}) {
  return (
    <Card withBorder radius="md" padding="lg" shadow="xs" component="section" aria-labelledby="saved-accounts-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="saved-accounts-title">
          Your accounts on this computer
        </Title>
        {accounts.map((account) => (
          <Group key={account.id} justify="space-between" wrap="nowrap" gap="sm" data-testid="saved-account">
            <Stack gap={0} miw={0}>
              <Group gap={6} wrap="nowrap">
                <Text fw={500} truncate="end">
                  {account.label}
                </Text>
                {!account.remembered && <SessionOnlyBadge />}
              </Group>
              <Text size="xs" c="dimmed" truncate="end">
                {maskedKeyText(account.apiKeyMasked)} · {serviceHost(account.baseUrl)}
              </Text>
            </Stack>
            <Button
              variant="default"
              size="sm"
              loading={opening === account.id}
              disabled={opening !== null && opening !== account.id}
              onClick={() => onOpen(account.id)}
              aria-label={`Open ${account.label}`}
            >
              Open
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
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
