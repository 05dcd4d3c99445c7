/**
 * Settings → Network: per account, the extra CA certificate it trusts besides the computer's own — for networks whose
 * proxy or firewall re-signs secure connections. Shows what is trusted (name, issuer, expiry, SHA-256 fingerprint to
 * compare with the IT department's), trusts a new one after the main process checked it, and removes it. The main
 * process reconnects the account at once, so the next request uses the change.
 */
import { Stack, Text } from '@mantine/core';
import type { AccountSummary } from '../../../shared/ipc-contract';
import { EXTRA_CA_CLI_OPTION, EXTRA_CA_OPTION } from '../../../shared/extra-ca-setting';
import { serviceHost } from '../session';
import { AccountExtraCa } from '../extra-ca';
import { SettingsCard } from '../common/settings-card';

/** Props of {@link NetworkCard}. */
export interface NetworkCardProps {
  accounts: readonly AccountSummary[];
  /** The open account, listed first. */
  activeId: string | null;
}

/** The Network section of Settings. */
export function NetworkCard({ accounts, activeId }: NetworkCardProps) {
  const ordered = [...accounts].sort((a, b) => Number(b.id === activeId) - Number(a.id === activeId));
  return (
    <SettingsCard title="Network" testId="settings-network">
      <Text size="sm">
        The app checks each service’s certificate against the certificates your computer trusts. If your organisation
        inspects secure connections, the connection cannot be verified until you use “{EXTRA_CA_OPTION}” for the account
        that needs it. The command line does the same for one run with {EXTRA_CA_CLI_OPTION}.
      </Text>
      {ordered.length === 0 ? (
        <Text size="sm" c="dimmed">
          No account is saved on this computer yet. When you connect one, the sign-in form offers the same option.
        </Text>
      ) : (
        <Stack gap="md">
          {ordered.map((account) => (
            <AccountExtraCa
              key={account.id}
              account={account}
              title={`${account.label} · ${serviceHost(account.baseUrl)}`}
            />
          ))}
        </Stack>
      )}
    </SettingsCard>
  );
}
