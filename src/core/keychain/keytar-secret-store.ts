/**
 * The OS keychain through keytar: macOS Keychain, Windows Credential Manager, or a Secret Service
 * (GNOME Keyring, KWallet) on Linux. One entry per account under one service name. Every failure
 * becomes KEYCHAIN_UNAVAILABLE with a sentence that says what to install or unlock; the module is
 * loaded lazily so a missing libsecret cannot stop the app from starting.
 */
import { AppError } from '../../shared/errors';
import type { SecretStore } from './secret-store';

/** The keytar functions this adapter uses (the real module satisfies it). */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** What to do on this platform to have a keychain again, as a sentence ending in "try again". */
export function keychainRemedy(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'Unlock your login keychain in Keychain Access and try again.';
  if (platform === 'win32') return 'Make sure Windows Credential Manager is available and try again.';
  return 'Install and unlock a Secret Service such as GNOME Keyring (package gnome-keyring) or KWallet, then try again.';
}

/** The error shown when the keychain cannot be used; the cause is kept for logs, never its secrets. */
export function keychainUnavailable(cause: unknown, platform: NodeJS.Platform = process.platform): AppError {
  return new AppError(
    'KEYCHAIN_UNAVAILABLE',
    `The system keychain could not be used, so your credentials cannot be remembered. ${keychainRemedy(platform)} You can also continue for this session only.`,
    { cause },
  );
}

async function loadKeytar(): Promise<KeytarLike> {
  const module = (await import('keytar')) as KeytarLike & { default?: KeytarLike };
  return module.default ?? module;
}

/** Creates a keychain-backed store for `service`; `load` is injectable for tests. */
export function createKeytarSecretStore(service: string, load: () => Promise<KeytarLike> = loadKeytar): SecretStore {
  let keytar: Promise<KeytarLike> | null = null;
  const run = async <T>(action: (k: KeytarLike) => Promise<T>): Promise<T> => {
    try {
      keytar ??= load();
      return await action(await keytar);
    } catch (error) {
      keytar = null;
      throw keychainUnavailable(error);
    }
  };
  return {
    kind: 'keychain',
    get: (account) => run((k) => k.getPassword(service, account)),
    set: (account, secret) => run((k) => k.setPassword(service, account, secret)),
    delete: (account) => run((k) => k.deletePassword(service, account)),
  };
}
