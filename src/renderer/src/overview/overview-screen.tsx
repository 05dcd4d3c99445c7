/**
 * The Overview section: every saved account at once, from the cache — when it was last synced, how current its
 * statuses are, what is owed and pending, and what was paid this month. Each amount stays in its own currency and
 * its own account: nothing is added across either. One click opens an account's sales.
 */
import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Menu,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { localIsoDay } from '../../../shared/dates';
import { EXPORT_PRESETS, type ExportPresetId } from '../../../shared/export-presets';
import type { SessionStatus } from '../../../shared/ipc-contract';
import type { AccountOverview } from '../../../shared/overview';
import type { OpenAmount } from '../../../shared/payouts';
import { call } from '../common/bridge';
import { ErrorState } from '../common/error-state';
import { formatDecimalMoney, formatRelativeTime, pluralize } from '../common/format';
import { DownloadIcon } from '../common/icons';
import { useBridgeQuery } from '../common/use-bridge-query';
import { ExportPresetDialog, StaleExportPrompt, useExportRunner } from '../sales/export';
import { statusCheckText } from '../sales/freshness';
import { RenameAccountModal, type RenameTarget } from './rename-account-modal';

/** Props of {@link OverviewScreen}. */
export interface OverviewScreenProps {
  /** The account open now, marked as such; null in the demo. */
  currentAccountId: string | null;
  /** Opens an account's sales. */
  onOpen: (accountId: string) => void;
  /** True while an account is being opened. */
  opening: boolean;
  /** Applies the session after a rename, so the header shows the new name. */
  onRenamed: (status: SessionStatus) => void;
}

/** The Overview section. */
export function OverviewScreen({ currentAccountId, onOpen, opening, onRenamed }: OverviewScreenProps) {
  const overview = useBridgeQuery(() => call('accountsOverview'), 'overview');
  const [renaming, setRenaming] = useState<RenameTarget | null>(null);
  const accountIds = overview.data?.map((line) => line.accountId) ?? [];
  return (
    <Stack gap="md" maw={1100} data-testid="overview-screen">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          All accounts
        </Title>
        {accountIds.length > 0 && <ExportAllAccounts accountIds={accountIds} />}
      </Group>
      {overview.status === 'error' && overview.error ? (
        <ErrorState
          error={overview.error}
          title="The overview could not be read from the cache"
          onRetry={overview.reload}
        />
      ) : overview.data === null ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Reading every account from the cache…</Text>
        </Group>
      ) : overview.data.length === 0 ? (
        <Text size="sm" data-testid="overview-empty">
          No account is saved yet. Connect an account from the account menu to see it here.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {overview.data.map((line) => (
            <AccountCard
              key={line.accountId}
              line={line}
              current={line.accountId === currentAccountId}
              onOpen={onOpen}
              onRename={() => setRenaming({ accountId: line.accountId, label: line.label })}
              opening={opening}
            />
          ))}
        </SimpleGrid>
      )}
      <RenameAccountModal
        target={renaming}
        onClose={() => setRenaming(null)}
        onRenamed={(status) => {
          onRenamed(status);
          overview.reload();
        }}
      />
    </Stack>
  );
}

interface AccountCardProps {
  line: AccountOverview;
  current: boolean;
  onOpen: (id: string) => void;
  onRename: () => void;
  opening: boolean;
}

/** One export of every account: the accounting presets, each row naming its account. */
function ExportAllAccounts({ accountIds }: { accountIds: readonly string[] }) {
  const exporter = useExportRunner();
  const [preset, setPreset] = useState<ExportPresetId | null>(null);
  const today = localIsoDay(new Date());
  return (
    <>
      <Menu position="bottom-end" withinPortal width={280}>
        <Menu.Target>
          <Button size="xs" leftSection={<DownloadIcon size={14} />} loading={exporter.running}>
            Export all accounts
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {EXPORT_PRESETS.map((p) => (
            <Menu.Item key={p.id} onClick={() => setPreset(p.id)}>
              {p.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <ExportPresetDialog
        preset={preset}
        today={today}
        shownRange={null}
        running={exporter.running}
        onClose={() => setPreset(null)}
        onExport={exporter.run}
        accountIds={accountIds}
      />
      <StaleExportPrompt prompt={exporter.prompt} />
    </>
  );
}

function AccountCard({ line, current, onOpen, onRename, opening }: AccountCardProps) {
  const now = new Date();
  const statuses = statusCheckText(line.statuses, now);
  return (
    <Card
      withBorder
      padding="md"
      data-testid="overview-account"
      data-account-id={line.accountId}
      aria-label={line.label}
      component="section"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Title order={3} size="h4" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {line.label}
          </Title>
          {current && <Badge variant="light">Open now</Badge>}
        </Group>
        <Group gap={6} wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={onRename} aria-label={`Rename ${line.label}`}>
            Rename
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => onOpen(line.accountId)}
            disabled={opening}
            aria-label={`Open the sales of ${line.label}`}
          >
            Open
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {pluralize(line.sales, 'sale', 'sales')} cached · last synced {formatRelativeTime(line.lastSyncedAt, now)}
      </Text>
      {statuses !== null && (
        <Text
          size="sm"
          c={statuses.stale ? 'orange' : 'dimmed'}
          title={statuses.detail}
          data-testid="overview-statuses"
        >
          {statuses.text}
        </Text>
      )}
      <AmountsTable line={line} />
    </Card>
  );
}

const COLUMNS = [
  { key: 'paidThisMonth', title: 'Paid this month', testId: 'overview-paid' },
  { key: 'owed', title: 'Owed', testId: 'overview-owed' },
  { key: 'pending', title: 'Pending', testId: 'overview-pending' },
] as const;

/**
 * One row per currency, so an amount sits only beside amounts of its own currency (a currency with nothing paid,
 * owed or pending shows a dash there).
 */
function AmountsTable({ line }: { line: AccountOverview }) {
  const currencies = [...new Set(COLUMNS.flatMap((c) => line[c.key].map((a) => a.currency)))].sort();
  if (currencies.length === 0) {
    return (
      <Text size="sm" c="dimmed" mt="sm" data-testid="overview-nothing-open">
        Nothing paid this month, owed or pending.
      </Text>
    );
  }
  const amountOf = (amounts: OpenAmount[], currency: string) => amounts.find((a) => a.currency === currency);
  return (
    <Table mt="sm" withRowBorders={false} verticalSpacing={2} horizontalSpacing={0} layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={52}>
            <VisuallyHidden>Currency</VisuallyHidden>
          </Table.Th>
          {COLUMNS.map((c) => (
            <Table.Th key={c.key} fz="xs" fw={400} c="dimmed">
              {c.title}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {currencies.map((currency) => (
          <Table.Tr key={currency} data-testid="overview-currency" data-currency={currency}>
            <Table.Td fz="xs" c="dimmed">
              {currency}
            </Table.Td>
            {COLUMNS.map((c) => {
              const amount = amountOf(line[c.key], currency);
              return (
                <Table.Td
                  key={c.key}
                  data-testid={c.testId}
                  fz="sm"
                  fw={amount ? 600 : 400}
                  style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                >
                  {amount ? formatDecimalMoney(amount.amount, amount.currency) : '—'}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
