import { describe, expect, it } from 'vitest';
import type { AccountSummary, ReadOnlyReason } from '../../../shared/ipc-contract';
import {
  activeEntry,
  apiKeyPlaceholder,
  canKeepStoredKey,
  DEMO_ENTRY,
  keyEnding,
  maskedKeyText,
  reauthIntro,
  reauthNotice,
  readOnlyTitle,
  serviceHost,
  sessionOnlyFirst,
  sessionKey,
  sessionLabel,
  signOutQuestion,
} from './account-text';

const account: AccountSummary = {
  id: '5b0c8f0e-2f4c-4a53-9c1e-1f7a4c3c9a10',
  label: 'My shop',
  baseUrl: 'https://api.example.com',
  appId: 'app-1',
  apiKeyMasked: '…wxyz',
  remembered: true,
  lastUsedAt: null,
};

describe('session labels', () => {
  it('names the demo, the account, or nothing', () => {
    expect(sessionLabel({ kind: 'demo', label: 'Demo data', accounts: [] })).toBe('Demo data');
    expect(
      sessionLabel({ kind: 'account', signedIn: true, account, problem: null, readOnly: null, accounts: [account] }),
    ).toBe('My shop');
    expect(sessionLabel({ kind: 'none', accounts: [] })).toBe('No account');
  });

  it('checks the active entry of the switcher', () => {
    expect(activeEntry({ kind: 'demo', label: 'Demo data', accounts: [] })).toBe(DEMO_ENTRY);
    expect(
      activeEntry({ kind: 'account', signedIn: false, account, problem: null, readOnly: null, accounts: [account] }),
    ).toBe(account.id);
    expect(activeEntry({ kind: 'none', accounts: [account] })).toBeNull();
  });
});

describe('masked keys', () => {
  it('keeps only the visible ending', () => {
    expect(keyEnding('…wxyz')).toBe('wxyz');
    expect(keyEnding('****wxyz')).toBe('wxyz');
    expect(keyEnding('…')).toBe('');
    expect(maskedKeyText('…wxyz')).toBe('Key …wxyz');
    expect(maskedKeyText('…')).toBe('Key hidden');
  });
});

describe('apiKeyPlaceholder', () => {
  it('offers to keep the stored key after a 401, when the key the app had just read is still stored', () => {
    const problem = { code: 'AUTH_INVALID' as const, message: 'The service did not accept your API key…' };
    expect(canKeepStoredKey(problem)).toBe(true);
    expect(apiKeyPlaceholder(account, problem)).toBe('Leave empty to keep the key ending …wxyz');
    expect(apiKeyPlaceholder({ ...account, apiKeyMasked: '…' }, problem)).toBe('Leave empty to keep the stored key');
  });

  it('T7: never says "leave empty to keep the key" when no stored key can be read (no keychain, locked, session-only, signed out)', () => {
    const keychain = { code: 'KEYCHAIN_UNAVAILABLE' as const, message: 'The system keychain could not be used…' };
    const missing = {
      code: 'NOT_SIGNED_IN' as const,
      message: 'The saved API key and secret of this account were not found…',
    };
    for (const problem of [keychain, missing, null]) {
      expect(canKeepStoredKey(problem)).toBe(false);
      expect(apiKeyPlaceholder(account, problem)).toBe('Type your API key');
      expect(apiKeyPlaceholder({ ...account, remembered: false }, problem)).toBe('Type your API key');
    }
  });
});

describe('read-only accounts', () => {
  const reason = (cause: ReadOnlyReason['cause']): ReadOnlyReason => ({ cause, message: 'What happened. What to do.' });

  it('T7: the banner heading names why the account is read-only', () => {
    expect(readOnlyTitle(reason('keychain-unavailable'))).toBe('Read-only: the system keychain is not available');
    expect(readOnlyTitle(reason('not-in-keychain'))).toMatch(/not found/);
    expect(readOnlyTitle(reason('not-remembered'))).toMatch(/not remembered/);
    expect(readOnlyTitle(reason('signed-out'))).toMatch(/signed out/);
  });

  it('T7: keeping the credentials for this session is the first choice only while the keychain cannot be used', () => {
    expect(sessionOnlyFirst(reason('keychain-unavailable'), null)).toBe(true);
    expect(sessionOnlyFirst(null, { code: 'KEYCHAIN_UNAVAILABLE', message: '…' })).toBe(true);
    expect(sessionOnlyFirst(reason('not-in-keychain'), null)).toBe(false);
    expect(sessionOnlyFirst(reason('not-remembered'), null)).toBe(false);
    expect(sessionOnlyFirst(null, null)).toBe(false);
  });
});

describe('signOutQuestion', () => {
  it('says the keychain entry goes for a remembered account', () => {
    expect(signOutQuestion(account)).toBe(
      "Sign out of My shop? Your API key and secret will be removed from this computer's keychain.",
    );
  });

  it('does not mention the keychain for a session-only account', () => {
    expect(signOutQuestion({ ...account, remembered: false })).not.toContain('keychain');
  });
});

describe('serviceHost and sessionKey', () => {
  it('shows the host of the service address', () => {
    expect(serviceHost('https://api.example.com:8443/base')).toBe('api.example.com:8443');
    expect(serviceHost('not a url')).toBe('not a url');
  });

  it('changes when the data on screen changes hands', () => {
    expect(sessionKey({ kind: 'demo', label: 'Demo data', accounts: [] })).toBe('demo');
    expect(sessionKey({ kind: 'account', signedIn: true, account, problem: null, readOnly: null, accounts: [] })).toBe(
      `account:${account.id}`,
    );
    expect(sessionKey({ kind: 'account', signedIn: false, account, problem: null, readOnly: null, accounts: [] })).toBe(
      `account:${account.id}`,
    );
  });
});

describe('the sign-in-again screen', () => {
  it('shows the main process’s reason under a heading for its code', () => {
    const problem = { code: 'AUTH_INVALID' as const, message: 'The service did not accept your API key…' };
    expect(reauthNotice(problem)).toEqual({
      title: 'The platform did not accept your credentials',
      message: problem.message,
    });
    expect(reauthNotice(null)).toBeNull();
  });

  it('asks for the key too only when it cannot be kept', () => {
    expect(reauthIntro(false)).toMatch(/^Enter your API secret/);
    expect(reauthIntro(true)).toMatch(/^Enter your API key and secret/);
  });
});
