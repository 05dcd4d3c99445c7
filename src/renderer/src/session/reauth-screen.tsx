/**
 * "Sign in again": shown when the service refused the open account's credentials during use (a 401). The cached
 * sales stay closed until the user enters them again, because the refusal may mean the key was revoked. Everything
 * but the secret is known, so the form asks for the secret, keeps the stored api-key (still readable: the app had
 * just used it) unless a new one is typed, and clears the secret from the form after every submit. An account that merely
 * cannot read its credentials (no keychain, a locked one) opens read-only instead and asks only to sync. A certificate
 * failure opens the account's Network setting on this screen, because Settings cannot be reached from it.
 */
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import type { AccountSummary, SessionStatus } from '../../../shared/ipc-contract';
import { AlertIcon } from '../common/icons';
import { AccountExtraCa } from '../extra-ca';
import { SettingsCard } from '../common/settings-card';
import { apiKeyPlaceholder, reauthIntro, reauthNotice, serviceHost, sessionOnlyFirst } from './account-text';
import { CredentialCard } from './credential-card';
import { CredentialSection } from './credential-section';
import { useReauthForm } from './use-reauth-form';

/** Props of {@link ReauthScreen}. */
export interface ReauthScreenProps {
  account: AccountSummary;
  /** Why the account is not signed in, from the main process. */
  problem: AppErrorData | null;
  onSignedIn: (status: SessionStatus) => void;
  /** The account switcher, opened from a "Use another account" link. */
  switcher: ReactNode;
  /** Opens the sign-out confirmation. */
  onSignOut: () => void;
}

/** The sign-in-again form for the active account. */
export function ReauthScreen({ account, problem, onSignedIn, switcher, onSignOut }: ReauthScreenProps) {
  const { form, keyRequired, errors, submit, onSubmit, continueSessionOnly } = useReauthForm(
    account,
    problem,
    onSignedIn,
  );
  const { fields, running, busy, error } = form;
  const [networkShown, setNetworkShown] = useState(false);
  const network = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (networkShown) network.current?.scrollIntoView({ block: 'nearest' });
  }, [networkShown]);
  const notice = reauthNotice(problem);
  /** Offered up front when the keychain is known not to work, or did not work when this account was added. */
  const offerSessionOnly = sessionOnlyFirst(null, problem) || !account.remembered;

  return (
    <Stack gap="md" maw={520} mx="auto" py="md" data-testid="reauth-screen">
      <CredentialCard title="Sign in again" intro={reauthIntro(keyRequired)} onSubmit={onSubmit}>
        {notice && !error && (
          <Alert
            color="orange"
            variant="light"
            icon={<AlertIcon />}
            title={notice.title}
            data-testid="reauth-problem"
            data-error-code={problem?.code}
          >
            {notice.message}
          </Alert>
        )}
        <CredentialSection
          fields={fields}
          errors={errors}
          onChange={form.edit}
          disabled={busy}
          keyRequired={keyRequired}
          keyHint={apiKeyPlaceholder(account, problem)}
          secretsCleared={form.secretsCleared}
          failures={form.failures}
          autoFocus={keyRequired ? 'apiKey' : 'apiSecret'}
          leading={
            <>
              <TextInput label="Account" value={account.label} readOnly variant="filled" />
              <TextInput label="Service address" value={account.baseUrl} readOnly variant="filled" />
            </>
          }
          error={error}
          trustCertificate={{
            note: 'Add or change the certificate this account trusts here, below the form.',
            open: () => setNetworkShown(true),
          }}
          onContinueSessionOnly={continueSessionOnly}
          continuing={running === 'sessionOnly'}
          actions={
            <Group justify="flex-end" gap="sm">
              {offerSessionOnly && !error && (
                <Button
                  variant="default"
                  loading={running === 'sessionOnly'}
                  disabled={busy && running !== 'sessionOnly'}
                  onClick={() => submit(true)}
                >
                  Sign in for this session only
                </Button>
              )}
              <Button type="submit" loading={running === 'submit'} disabled={busy && running !== 'submit'}>
                Sign in again
              </Button>
            </Group>
          }
        />
      </CredentialCard>
      {networkShown && (
        <div ref={network}>
          <SettingsCard title="Network" testId="reauth-network">
            <AccountExtraCa account={account} title={`${account.label} · ${serviceHost(account.baseUrl)}`} />
          </SettingsCard>
        </div>
      )}
      <Group justify="center" gap="lg">
        {switcher}
        <Button variant="subtle" color="red" size="compact-sm" onClick={onSignOut} disabled={busy}>
          Sign out…
        </Button>
      </Group>
    </Stack>
  );
}
