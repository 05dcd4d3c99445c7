import { describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../../shared/ipc-contract';
import {
  activeEntry,
  apiKeyPlaceholder,
  canKeepStoredKey,
  DEMO_ENTRY,
  keyEnding,
  maskedKeyText,
  reauthIntro,
  reauthNotice,
  serviceHost,
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
    expect(sessionLabel({ kind: 'account', signedIn: true, account, problem: null, accounts: [account] })).toBe('My shop');
    expect(sessionLabel({ kind: 'none', accounts: [] })).toBe('No account');
  });

  it('checks the active entry of the switcher', () => {
    expect(activeEntry({ kind: 'demo', label: 'Demo data', accounts: [] })).toBe(DEMO_ENTRY);
    expect(activeEntry({ kind: 'account', signedIn: false, account, problem: null, accounts: [account] })).toBe(account.id);
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
  it('offers to keep the stored key after a 401', () => {
    const problem = { code: 'AUTH_INVALID' as const, message: 'The service did not accept your API key…' };
    expect(canKeepStoredKey(account, problem)).toBe(true);
    expect(apiKeyPlaceholder(account, problem)).toBe('Leave empty to keep the key ending …wxyz');
    expect(apiKeyPlaceholder({ ...account, apiKeyMasked: '…' }, problem)).toBe('Leave empty to keep the stored key');
  });

  it('asks for the key when it cannot be read back', () => {
    const keychain = { code: 'KEYCHAIN_UNAVAILABLE' as const, message: 'The system keychain could not be used…' };
    expect(canKeepStoredKey(account, keychain)).toBe(false);
    expect(apiKeyPlaceholder(account, keychain)).toBe('Type your API key');
    expect(apiKeyPlaceholder({ ...account, remembered: false }, null)).toBe('Type your API key');
  });
});

describe('signOutQuestion', () => {
  it('says the keychain entry goes for a remembered account', () => {
    expect(signOutQuestion(account)).toBe("Sign out of My shop? Your API key and secret will be removed from this computer's keychain.");
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
    expect(sessionKey({ kind: 'account', signedIn: true, account, problem: null, accounts: [] })).toBe(`account:${account.id}`);
    expect(sessionKey({ kind: 'account', signedIn: false, account, problem: null, accounts: [] })).toBe(`account:${account.id}`);
  });
});

describe('the sign-in-again screen', () => {
  it('explains that a session-only account lost its credentials when the app quit', () => {
    const notice = reauthNotice({ ...account, remembered: false }, { code: 'NOT_SIGNED_IN', message: 'Enter your API secret…' });
    expect(notice?.title).toBe('Your credentials were not remembered');
    expect(notice?.message).toContain('API key and secret');
  });

  it('shows the main process’s reason otherwise, under a heading for its code', () => {
    const problem = { code: 'AUTH_INVALID' as const, message: 'The service did not accept your API key…' };
    expect(reauthNotice(account, problem)).toEqual({ title: 'The platform did not accept your credentials', message: problem.message });
    expect(reauthNotice(account, null)).toBeNull();
  });

  it('asks for the key too only when it cannot be kept', () => {
    expect(reauthIntro(false)).toMatch(/^Enter your API secret/);
    expect(reauthIntro(true)).toMatch(/^Enter your API key and secret/);
  });
});
