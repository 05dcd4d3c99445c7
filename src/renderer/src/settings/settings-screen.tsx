/**
 * Settings: the theme, how much the first sync fetches and how many recent days every sync checks again, the
 * backfill, re-checking all history (T4), the sales cache (where it is, how big, clearing it), the accounts on this computer, the extra
 * certificate each account trusts (Network), the app's version
 * and a diagnostics report for support. Choices apply at once and are kept by the main process; there is no Save.
 */
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Title,
  type MantineColorScheme,
} from '@mantine/core';
import { notify, notifyError } from '../common/notify';
import { useState, type ReactNode } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import type { AccountSummary, AppInfo, SessionStatus } from '../../../shared/ipc-contract';
import { call } from '../common/bridge';
import { errorTitle } from '../common/error-title';
import { formatBytes, formatCount, formatDateTime, formatRelativeTime } from '../common/format';
import {
  AlertIcon,
  CheckCircleIcon,
  CopyIcon,
  LeaveIcon,
  MonitorIcon,
  MoonIcon,
  PlusIcon,
  SunIcon,
  SyncIcon,
} from '../common/icons';
import { usePreferences } from '../common/preferences-context';
import { useBridgeQuery } from '../common/use-bridge-query';
import { maskedKeyText, serviceHost, SessionOnlyBadge } from '../session';
import {
  BACKFILL_MONTHS,
  useBackfillNeeded,
  useStartBackfill,
  ResumeRecheckButton,
  useSyncActions,
  useSyncState,
} from '../sync';
import { BackgroundSyncSetting } from './background-sync-setting';
import { FiscalYearSetting } from './fiscal-year-setting';
import { LedgerSetting } from './ledger-setting';
import { RatesSetting } from './rates-setting';
import { NetworkCard } from './network-card';
import { SettingsCard } from '../common/settings-card';
import { Tooltip } from '../common/tooltip';

/** Bounds of the first-sync window, in days (as the main process accepts them). */
export const FIRST_SYNC_MIN_DAYS = 1;
export const FIRST_SYNC_MAX_DAYS = 3650;

/** Bounds of the trailing re-sync window, in days. */
export const TRAILING_MIN_DAYS = 0;
export const TRAILING_MAX_DAYS = 365;

/** Bounds of the rotation that fetches older days again for declined and paid sales, in days. */
const RECHECK_MIN_DAYS = 1;
const RECHECK_MAX_DAYS = 365;

/** Props of {@link SettingsScreen}. */
export interface SettingsScreenProps {
  session: Exclude<SessionStatus, { kind: 'none' }>;
  appInfo: AppInfo | null;
  appInfoError: AppErrorData | null;
  onOpenAccount: (accountId: string) => void;
  onOpenDemo: () => void;
  onSignOut: (account: AccountSummary) => void;
  onAddAccount: () => void;
  /** True while an account switch runs. */
  switching: boolean;
}

/** The Settings section. */
export function SettingsScreen(props: SettingsScreenProps) {
  return (
    <Stack gap="md" maw={760} pb="md" data-testid="settings-screen">
      <Title order={2}>Settings</Title>
      <AppearanceCard />
      <SyncCard />
      <FiscalYearSetting />
      <RatesSetting />
      <LedgerSetting />
      <CacheCard appInfo={props.appInfo} appInfoError={props.appInfoError} />
      <AccountsCard {...props} />
      <NetworkCard
        accounts={props.session.accounts}
        activeId={props.session.kind === 'account' ? props.session.account.id : null}
      />
      <AboutCard appInfo={props.appInfo} />
    </Stack>
  );
}

const THEMES: { value: MantineColorScheme; label: string; icon: ReactNode }[] = [
  { value: 'light', label: 'Light', icon: <SunIcon size={14} /> },
  { value: 'dark', label: 'Dark', icon: <MoonIcon size={14} /> },
  { value: 'auto', label: 'System', icon: <MonitorIcon size={14} /> },
];

function AppearanceCard() {
  const { prefs, update } = usePreferences();
  return (
    <SettingsCard title="Appearance">
      <Group gap="sm" align="center">
        <Text size="sm" id="theme-label">
          Theme
        </Text>
        <SegmentedControl
          aria-labelledby="theme-label"
          value={prefs.theme}
          onChange={(value) => update({ theme: value as MantineColorScheme })}
          data={THEMES.map((t) => ({
            value: t.value,
            label: (
              <Group gap={6} wrap="nowrap" justify="center">
                {t.icon}
                <span>{t.label}</span>
              </Group>
            ),
          }))}
        />
      </Group>
      <Text size="xs" c="dimmed">
        System follows your computer’s light or dark setting.
      </Text>
    </SettingsCard>
  );
}

/** A whole-number setting saved when it is valid (and on leaving the field, clamped to its bounds). */
function DaysInput(props: {
  label: string;
  description: string;
  value: number;
  min: number;
  max: number;
  onSave: (days: number) => void;
}) {
  return (
    <NumberInput
      label={props.label}
      description={props.description}
      suffix=" days"
      min={props.min}
      max={props.max}
      clampBehavior="blur"
      allowDecimal={false}
      allowNegative={false}
      value={props.value}
      onChange={(value) => {
        const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
        if (Number.isInteger(n) && n >= props.min && n <= props.max && n !== props.value) props.onSave(n);
      }}
      maw={420}
    />
  );
}

function SyncCard() {
  const sync = useSyncState();
  const { prefs, update } = usePreferences();
  const { needed } = useBackfillNeeded();
  const backfill = useStartBackfill();
  const last = sync.status?.lastSyncedAt ?? null;
  return (
    <SettingsCard title="Sync" testId="settings-sync">
      <DaysInput
        label="First sync"
        description="Days a new account fetches when it is first opened. Older sales can be backfilled at any time."
        value={prefs.firstSyncDays}
        min={FIRST_SYNC_MIN_DAYS}
        max={FIRST_SYNC_MAX_DAYS}
        onSave={(firstSyncDays) => update({ firstSyncDays })}
      />
      <DaysInput
        label="Re-check recent days"
        description="Commissions are approved or declined and payments made weeks after a sale, so every sync fetches this many recent days again — and checks every older sale still pending or unpaid, however old."
        value={prefs.trailingResyncDays}
        min={TRAILING_MIN_DAYS}
        max={TRAILING_MAX_DAYS}
        onSave={(trailingResyncDays) => update({ trailingResyncDays })}
      />
      <DaysInput
        label="Re-check paid and declined sales"
        description="A paid sale can still be declined or its amount restated. Each routine sync fetches a share of the older days again, so that at one sync a day every day is fetched again within this many days."
        value={prefs.finalSalesRecheckDays}
        min={RECHECK_MIN_DAYS}
        max={RECHECK_MAX_DAYS}
        onSave={(finalSalesRecheckDays) => update({ finalSalesRecheckDays })}
      />
      <BackgroundSyncSetting />
      <Group gap="sm">
        <Tooltip label={last ? formatDateTime(last) : 'No sync has finished yet'} withArrow>
          <Text size="sm">Last synced: {last ? formatRelativeTime(last) : 'never'}</Text>
        </Tooltip>
        {needed === false ? (
          <Group gap={4} c="teal">
            <CheckCircleIcon size={16} />
            <Text size="sm" c="inherit">
              The last {BACKFILL_MONTHS} months are on this computer
            </Text>
          </Group>
        ) : (
          <Button
            size="xs"
            variant="light"
            leftSection={<SyncIcon size={14} />}
            loading={backfill.starting}
            disabled={sync.running}
            onClick={() => void backfill.start()}
          >
            Backfill the last {BACKFILL_MONTHS} months
          </Button>
        )}
      </Group>
      <RecheckAllHistory />
    </SettingsCard>
  );
}

/** "Re-check all history", behind a confirmation that says what it costs and that it can be cancelled and resumed. */
function RecheckAllHistory() {
  const sync = useSyncState();
  const syncActions = useSyncActions();
  const [confirming, setConfirming] = useState(false);
  const [starting, setStarting] = useState(false);
  const start = async () => {
    setStarting(true);
    const error = await syncActions.recheckAll();
    setStarting(false);
    if (error === null) setConfirming(false);
  };
  return (
    <Stack gap={6} data-testid="recheck-all">
      <Text size="sm">
        Paid and declined sales are final, so syncs do not check them again. To confirm every status with the service —
        for example before closing your books — re-check all history.
      </Text>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<SyncIcon size={14} />}
          disabled={sync.running || sync.offline || sync.status === null}
          onClick={() => setConfirming(true)}
        >
          Re-check all history…
        </Button>
        <ResumeRecheckButton size="xs" />
        {sync.offline && (
          <Text size="xs" c="dimmed">
            You are offline. Re-check once you are back online.
          </Text>
        )}
      </Group>
      <Modal
        opened={confirming}
        onClose={() => !starting && setConfirming(false)}
        title="Re-check all history?"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            This fetches every day cached for this account again, from the oldest to today, and confirms the status of
            every sale. It may take a while for a long history. You can keep working meanwhile, cancel it from the top
            bar, and resume it later without starting over.
          </Text>
          <Text size="sm">What changed then appears under Sales › Changes.</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={starting} data-autofocus>
              Cancel
            </Button>
            <Button leftSection={<SyncIcon size={14} />} loading={starting} onClick={() => void start()}>
              Re-check all history
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function CacheCard({ appInfo, appInfoError }: { appInfo: AppInfo | null; appInfoError: AppErrorData | null }) {
  const sync = useSyncState();
  const syncActions = useSyncActions();
  const [version, setVersion] = useState(0);
  const info = useBridgeQuery(() => call('getCacheInfo'), `${version}|${sync.dataVersion}`);
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);
  const path = info.data?.path ?? appInfo?.cache.path ?? null;
  const error = appInfoError ?? appInfo?.cache.error ?? null;

  const clear = async () => {
    setClearing(true);
    const result = await call('clearCache');
    setClearing(false);
    setConfirming(false);
    if (!result.ok) {
      notifyError('cache', result.error);
      return;
    }
    setVersion((v) => v + 1);
    syncActions.invalidate();
    notify({
      kind: 'cache',
      tone: 'success',
      title: 'Cache cleared',
      message: 'Every cached sale was deleted. Sync to fetch your sales again.',
      testId: 'cache-cleared-notification',
    });
  };

  return (
    <SettingsCard title="Sales cache" testId="settings-cache">
      {error && (
        <Alert color="red" variant="light" icon={<AlertIcon />} title={errorTitle(error.code)}>
          {error.message}
        </Alert>
      )}
      {appInfo?.cache.notice && (
        <Alert color="yellow" variant="light" icon={<AlertIcon />}>
          {appInfo.cache.notice}
        </Alert>
      )}
      <Text size="sm">
        Every sale the app fetches is kept in one file on this computer, so you can review and export offline.
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code style={{ overflowWrap: 'anywhere', flex: 1 }} data-testid="cache-path">
          {path ?? '…'}
        </Code>
        {path && (
          <CopyButton value={path}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="default" leftSection={<CopyIcon size={14} />} onClick={copy}>
                {copied ? 'Copied' : 'Copy path'}
              </Button>
            )}
          </CopyButton>
        )}
      </Group>
      <Text size="sm" data-testid="cache-size">
        {info.data
          ? `${formatBytes(info.data.sizeBytes)} on disk · ${formatCount(info.data.salesForAccount)} sales of this account`
          : info.error
            ? `Size unknown: ${info.error.message}`
            : 'Measuring…'}
      </Text>
      <Group>
        <Button size="xs" color="red" variant="light" onClick={() => setConfirming(true)} disabled={error !== null}>
          Clear cache…
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => !clearing && setConfirming(false)}
        title="Clear the sales cache?"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            This deletes every cached sale of every account on this computer, with their sync history. Your accounts and
            credentials stay. Sales can be fetched again by syncing (while online).
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={clearing} data-autofocus>
              Cancel
            </Button>
            <Button color="red" loading={clearing} onClick={() => void clear()}>
              Delete cached sales
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SettingsCard>
  );
}

function AccountsCard({ session, onOpenAccount, onOpenDemo, onSignOut, onAddAccount, switching }: SettingsScreenProps) {
  const activeId = session.kind === 'account' ? session.account.id : null;
  return (
    <SettingsCard title="Accounts" testId="settings-accounts">
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {session.accounts.map((account) => (
          <Group
            key={account.id}
            component="li"
            justify="space-between"
            wrap="wrap"
            gap="xs"
            data-testid="settings-account"
          >
            <Stack gap={0} miw={0}>
              <Group gap={6}>
                <Text size="sm" fw={600}>
                  {account.label}
                </Text>
                {account.id === activeId && (
                  <Badge size="xs" variant="light">
                    open
                  </Badge>
                )}
                {!account.remembered && <SessionOnlyBadge />}
              </Group>
              <Text size="xs" c="dimmed">
                {maskedKeyText(account.apiKeyMasked)} · {serviceHost(account.baseUrl)}
              </Text>
            </Stack>
            <Group gap={6}>
              {account.id !== activeId && (
                <Button
                  size="compact-sm"
                  variant="default"
                  disabled={switching}
                  onClick={() => onOpenAccount(account.id)}
                >
                  Open
                </Button>
              )}
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<LeaveIcon size={14} />}
                onClick={() => onSignOut(account)}
              >
                Sign out…
              </Button>
            </Group>
          </Group>
        ))}
        <Group component="li" justify="space-between" gap="xs">
          <Stack gap={0}>
            <Group gap={6}>
              <Text size="sm" fw={600}>
                Demo data
              </Text>
              {session.kind === 'demo' && (
                <Badge size="xs" variant="light">
                  open
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              A sample profile and sales, no account needed
            </Text>
          </Stack>
          {session.kind !== 'demo' && (
            <Button size="compact-sm" variant="default" disabled={switching} onClick={onOpenDemo}>
              Open
            </Button>
          )}
        </Group>
      </Stack>
      <Group>
        <Button size="xs" variant="light" leftSection={<PlusIcon size={14} />} onClick={onAddAccount}>
          Add account
        </Button>
      </Group>
    </SettingsCard>
  );
}

function AboutCard({ appInfo }: { appInfo: AppInfo | null }) {
  const [copying, setCopying] = useState(false);
  const copyDiagnostics = async () => {
    setCopying(true);
    const result = await call('getDiagnostics');
    setCopying(false);
    if (!result.ok) {
      notifyError('copy', result.error);
      return;
    }
    try {
      await navigator.clipboard.writeText(result.value.text);
      notify({
        kind: 'copy',
        tone: 'success',
        message: 'Diagnostics copied. Paste them into your message to support; they hold no credentials.',
      });
    } catch {
      notify({ kind: 'copy', tone: 'error', title: 'Could not copy', message: 'The clipboard is not available.' });
    }
  };
  return (
    <SettingsCard title="About">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" data-testid="app-version">
          {appInfo ? `${appInfo.name} ${appInfo.version}` : 'Commission Desk'}
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<CopyIcon size={14} />}
          loading={copying}
          onClick={() => void copyDiagnostics()}
        >
          Copy diagnostics
        </Button>
      </Group>
    </SettingsCard>
  );
}
