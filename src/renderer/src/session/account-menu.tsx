/**
 * The account switcher: every saved account (with its masked key, and a badge when its
 * credentials are held for this session only), the demo, "Add account" and "Sign out…". The
 * header shows it as a button naming whose data is on screen; the sign-in-again screen opens the
 * same menu from a "Use another account" link.
 */
import { Box, Button, Group, Menu, Text } from '@mantine/core';
import { notifyError } from '../common/notify';
import { useRef, type ReactNode, type Ref } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import type { SessionStatus } from '../../../shared/ipc-contract';
import { CheckIcon, LeaveIcon, PlusIcon, SelectorIcon } from '../common/icons';
import { activeEntry, DEMO_ENTRY, maskedKeyText, serviceHost, sessionLabel } from './account-text';
import { SessionOnlyBadge } from './session-only-badge';

/** What the switcher can do; each change goes through the session controller. */
export interface AccountMenuActions {
  switchAccount: (accountId: string) => Promise<AppErrorData | null>;
  startDemo: () => Promise<AppErrorData | null>;
  /** Opens the sign-in screen. */
  addAccount: () => void;
  /** Opens the sign-out confirmation for the active account. */
  requestSignOut: () => void;
  /** True while a switch is running, so the button shows progress. */
  switching: boolean;
}

/** Props of {@link AccountMenu}. */
export interface AccountMenuProps {
  session: SessionStatus;
  actions: AccountMenuActions;
  /** `header`: the switcher button naming the session; `link`: a quiet "Use another account". */
  variant?: 'header' | 'link';
}

/** Room for a readable check mark, and labels that shrink (and truncate) instead of overflowing. */
const MENU_STYLES = {
  itemIndicator: { width: 16, height: 16 },
  itemLabel: { minWidth: 0 },
} as const;

function reportFailure(error: AppErrorData | null): void {
  if (error) notifyError('account', error);
}

/** The account switcher menu with its target button. */
export function AccountMenu({ session, actions, variant = 'header' }: AccountMenuProps) {
  const active = activeEntry(session);
  const targetRef = useRef<HTMLButtonElement>(null);
  // The item disappears with the menu: the switcher holds focus while the dialog opens, so the dialog gives it back there.
  const signOut = () => {
    targetRef.current?.focus();
    actions.requestSignOut();
  };

  const choose = (entry: string) => {
    if (entry === active) return;
    void (entry === DEMO_ENTRY ? actions.startDemo() : actions.switchAccount(entry)).then(reportFailure);
  };

  return (
    <Menu position="bottom-end" width={300} shadow="md" withinPortal styles={MENU_STYLES}>
      <Menu.Target>
        {variant === 'header' ? (
          <HeaderTarget session={session} loading={actions.switching} ref={targetRef} />
        ) : (
          <LinkTarget ref={targetRef} />
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Show data from</Menu.Label>
        <Menu.RadioGroup value={active ?? ''} onChange={choose}>
          {session.accounts.map((account) => (
            <Menu.RadioItem key={account.id} value={account.id} checkIcon={<CheckIcon size={16} />}>
              <EntryText
                title={account.label}
                detail={`${maskedKeyText(account.apiKeyMasked)} · ${serviceHost(account.baseUrl)}`}
                badge={account.remembered ? null : <SessionOnlyBadge />}
              />
            </Menu.RadioItem>
          ))}
          <Menu.RadioItem value={DEMO_ENTRY} checkIcon={<CheckIcon size={16} />}>
            <EntryText title="Demo data" detail="A sample profile and sales" />
          </Menu.RadioItem>
        </Menu.RadioGroup>
        <Menu.Divider />
        <Menu.Item leftSection={<PlusIcon size={16} />} onClick={actions.addAccount}>
          Add account
        </Menu.Item>
        {session.kind === 'account' && (
          <Menu.Item leftSection={<LeaveIcon size={16} />} color="red" onClick={signOut}>
            Sign out…
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function EntryText({ title, detail, badge = null }: { title: string; detail: string; badge?: ReactNode }) {
  return (
    <Box miw={0}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={500} truncate="end">
          {title}
        </Text>
        {badge}
      </Group>
      <Text size="xs" c="dimmed" truncate="end">
        {detail}
      </Text>
    </Box>
  );
}

function HeaderTarget({
  session,
  loading,
  ...rest
}: {
  session: SessionStatus;
  loading: boolean;
  ref?: Ref<HTMLButtonElement>;
}) {
  const label = sessionLabel(session);
  return (
    <Button
      variant={session.kind === 'demo' ? 'light' : 'default'}
      color={session.kind === 'demo' ? 'orange' : undefined}
      size="sm"
      rightSection={<SelectorIcon size={14} />}
      loading={loading}
      maw={260}
      title={`Showing: ${label}. Switch account`}
      data-testid="account-switcher"
      {...rest}
    >
      <Text span size="sm" fw={500} truncate="end">
        {label}
      </Text>
    </Button>
  );
}

function LinkTarget(props: { ref?: Ref<HTMLButtonElement> }) {
  return (
    <Button variant="subtle" size="compact-sm" {...props}>
      Use another account
    </Button>
  );
}
