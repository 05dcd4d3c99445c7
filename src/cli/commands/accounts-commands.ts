/**
 * `accounts list|add|remove`: the same account operations as the app's sign-in screen and sign-out dialog
 * (`createAccountActions`), so an account added here is tested with /v1/user/ before anything is saved, and its
 * secret goes to the same keychain entry the app reads. Nothing printed ever holds a secret.
 */
import { createAccountActions, type AccountActions, type AccountMeta } from '../../core/accounts';
import { SessionState } from '../../core/app';
import { parseBaseUrl, createServiceClient } from '../../core/service';
import type { CommandOptions } from '../cli-args';
import { accountsLabelled, DEMO_ACCOUNT, resolveAccount } from '../cli-accounts';
import type { CliContext } from '../cli-context';
import { CliError, EXIT_CODES, usageError } from '../cli-errors';
import { readAccountCredentials } from '../cli-credentials';
import { count, type CliIo } from '../cli-io';
import { textTable } from '../cli-table';

function actionsFor(
  context: CliContext,
  onSignedOut: (accountId: string, deleteCachedSales: boolean) => Promise<void> = async () => undefined,
): AccountActions {
  const connect = (baseUrl: string, credentials: { apiKey: string; apiSecret: string; appId: string }) =>
    createServiceClient({ baseUrl, credentials, fetch: context.fetch });
  const session = new SessionState({ today: context.today, registry: context.registry, vault: context.vault, connect });
  return createAccountActions({ session, registry: context.registry, vault: context.vault, connect, onSignedOut });
}

function publicView(a: AccountMeta) {
  return {
    id: a.id,
    label: a.label,
    baseUrl: a.baseUrl,
    appId: a.appId,
    apiKeyMasked: a.apiKeyMasked,
    remembered: a.remembered,
    createdAt: a.createdAt,
    lastUsedAt: a.lastUsedAt,
  };
}

/** `accounts list`: a table (or JSON) of the accounts, the api-key masked, never a secret. */
export async function listAccounts(
  context: CliContext,
  options: CommandOptions<'accounts list'>,
  io: CliIo,
): Promise<void> {
  const accounts = context.registry.list();
  if (options.json) {
    io.stdout(`${JSON.stringify(accounts.map(publicView), null, 2)}\n`);
    return;
  }
  if (accounts.length === 0) {
    io.stdout(
      `No accounts yet. Add one in the app, or with "${io.program} accounts add" (see --help). The demo data is always available as "demo".\n`,
    );
    return;
  }
  const rows = [['Label', 'Service address', 'App ID', 'API key', 'Credentials', 'Last used', 'ID']];
  for (const a of accounts) {
    rows.push([
      a.label,
      a.baseUrl,
      a.appId,
      a.apiKeyMasked,
      a.remembered ? 'keychain' : 'not stored',
      a.lastUsedAt?.slice(0, 16).replace('T', ' ') ?? 'never',
      a.id,
    ]);
  }
  io.stdout(`${textTable(rows)}\n`);
}

/** `accounts add`: reads the key and secret, tests them with /v1/user/, then saves the account and its credentials to the keychain. */
export async function addAccount(
  context: CliContext,
  options: CommandOptions<'accounts add'>,
  io: CliIo,
  secrets: string[],
): Promise<void> {
  if (options.label.toLowerCase() === DEMO_ACCOUNT)
    throw usageError('"demo" is reserved for the demo data. Choose another --label.', 'accounts add');
  if (accountsLabelled(context.registry.list(), options.label).length > 0) {
    throw usageError(
      `An account labelled "${options.label}" already exists. Choose another --label, or remove that account first.`,
      'accounts add',
    );
  }
  const baseUrl = parseBaseUrl(options['base-url']);
  const { apiKey, apiSecret } = await readAccountCredentials(io, options);
  secrets.push(apiKey, apiSecret);
  await actionsFor(context).addAccount({
    baseUrl,
    apiKey,
    apiSecret,
    appId: options['app-id'],
    label: options.label,
    sessionOnly: false,
  });
  io.stdout(
    `Added "${options.label}" (${baseUrl}): the service accepted the credentials, and the API secret is in the system keychain.\n`,
  );
}

/** `accounts remove`: deletes the keychain entry, then the account and its cached sales (or only signs out). */
export async function removeAccount(
  context: CliContext,
  options: CommandOptions<'accounts remove'>,
  io: CliIo,
): Promise<void> {
  if (options.label === DEMO_ACCOUNT)
    throw new CliError('The demo data is built in and cannot be removed.', EXIT_CODES.usage);
  const account = resolveAccount(context, options.label);
  if (account.kind !== 'account') return;
  const keep = options['keep-cached-sales'] === true;
  const previouslyActive = context.registry.activeId();
  let removedSales = 0;
  await actionsFor(context, async (accountId, deleteCachedSales) => {
    if (!deleteCachedSales) return;
    removedSales = context.cache().forgetAccount(accountId);
    context.preferences.forgetAccount(accountId);
  }).signOut({ accountId: account.meta.id, deleteCachedSales: !keep });
  if (previouslyActive !== null && previouslyActive !== account.meta.id) context.registry.setActive(previouslyActive);
  io.stdout(
    keep
      ? `Signed out of "${account.label}": its credentials are deleted; the account and its cached sales are kept.\n`
      : `Removed "${account.label}": its credentials, the account and its ${count(removedSales)} cached sales are deleted.\n`,
  );
}
