/**
 * Finds the account a command names (by label, by id, or the built-in demo) and builds its service client from the
 * keychain, with messages that say what to do when the label is unknown, ambiguous, or has no stored credentials.
 */
import { bindingOf, CredentialsAddressChangedError, type AccountMeta, type StoredSecrets } from '../core/accounts';
import { createDemoClient, DEMO_BASE_URL } from '../core/demo';
import type { SyncActions } from '../core/payouts';
import { createServiceClient, type ServiceClient } from '../core/service';
import type { CliContext } from './cli-context';
import { CliError, EXIT_CODES } from './cli-errors';

/** The reserved name of the demo account. */
export const DEMO_ACCOUNT = 'demo';

/** An account a command works on: the demo, or one of the user's. */
export type CliAccount =
  | { kind: 'demo'; cacheKey: 'demo'; label: string; baseUrl: string }
  | { kind: 'account'; cacheKey: string; label: string; baseUrl: string; meta: AccountMeta };

const LIST_HINT = (program: string): string => `Run "${program} accounts list" to see the accounts.`;

/** The accounts whose label is `label`: exact matches first, else case-insensitive ones. */
export function accountsLabelled(accounts: readonly AccountMeta[], label: string): AccountMeta[] {
  const exact = accounts.filter((a) => a.label === label);
  return exact.length > 0 ? exact : accounts.filter((a) => a.label.toLowerCase() === label.toLowerCase());
}

/** The command that syncs `account` (a period is appended by the caller), as `program` is run. */
export function syncCommandFor(account: CliAccount, program: string): string {
  return `${program} sync --account ${JSON.stringify(account.kind === 'demo' ? 'demo' : account.label)}`;
}

/** How a warning printed by the command says to sync: the command to run, with the days when some are missing. */
export function cliSyncActions(sync: string): SyncActions {
  return { syncDays: (span) => `run: ${sync} --from ${span.from} --to ${span.to}`, syncNow: `run ${sync}` };
}

/** Resolves `ref` (a label, an account id, or `demo`) to an account. */
export function resolveAccount(context: CliContext, ref: string): CliAccount {
  if (ref === DEMO_ACCOUNT) return { kind: 'demo', cacheKey: 'demo', label: 'Demo data', baseUrl: DEMO_BASE_URL };
  const accounts = context.registry.list();
  const byId = accounts.find((a) => a.id === ref);
  const matches = byId ? [byId] : accountsLabelled(accounts, ref);
  if (matches.length === 0) throw new CliError(`No account is labelled "${ref}".`, EXIT_CODES.account, LIST_HINT);
  if (matches.length > 1) {
    const ids = matches.map((a) => `${a.id} (${a.baseUrl})`).join(', ');
    throw new CliError(
      `Several accounts are labelled "${ref}": name one by its id instead: ${ids}.`,
      EXIT_CODES.account,
    );
  }
  const meta = matches[0] as AccountMeta;
  return { kind: 'account', cacheKey: meta.id, label: meta.label, baseUrl: meta.baseUrl, meta };
}

/**
 * The stored secrets of `meta`, refused with a sign-in hint when its address, app id or extra certificate changed since
 * they were saved (S12) — the same binding the app checks.
 */
async function loadSecrets(context: CliContext, meta: AccountMeta): Promise<StoredSecrets | null> {
  try {
    return await context.vault.load(meta.id, meta.remembered, bindingOf(meta));
  } catch (error) {
    if (!(error instanceof CredentialsAddressChangedError)) throw error;
    throw new CliError(
      error.message,
      EXIT_CODES.account,
      (program) =>
        `Sign in to it again in the app, or run: ${program} accounts remove "${meta.label}", then add it again for the new address with: ${program} accounts add`,
    );
  }
}

/** The service client of `account`, with credentials from the keychain (the demo needs none). */
export async function clientFor(context: CliContext, account: CliAccount): Promise<ServiceClient> {
  if (account.kind === 'demo') {
    return createDemoClient(context.today());
  }
  const secrets = await loadSecrets(context, account.meta);
  if (secrets === null) {
    throw new CliError(
      `No credentials are stored for "${account.label}" (it was signed out, or added for one session only).`,
      EXIT_CODES.account,
      (program) => `Add it again with "${program} accounts add", or sign in to it in the app.`,
    );
  }
  return createServiceClient({
    baseUrl: account.baseUrl,
    credentials: { ...secrets, appId: account.meta.appId },
    fetch: context.fetchFor(account.meta.extraCaPem),
  });
}
