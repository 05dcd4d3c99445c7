/**
 * Builds an app core for tests with local stand-ins where no real part is needed: settings and
 * keychain in memory, a cache file in a fresh temp folder, a logger that collects lines, and a
 * network transport that refuses (so a test that should not reach the network fails loudly).
 * Tests override what they exercise.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../src/core/log';
import { createMemorySettingsStore } from '../src/core/settings';
import { createKeytarSecretStore, createMemorySecretStore, type SecretStore } from '../src/core/keychain';
import { createAppCore, type AppCore, type AppCoreDeps } from '../src/core/app';

/** A core plus the log lines it wrote. */
export interface TestCore {
  core: AppCore;
  logLines: string[];
}

/** Creates a core with test defaults; `overrides` replace any dependency. */
export function createTestCore(overrides: Partial<AppCoreDeps> = {}): TestCore {
  const logLines: string[] = [];
  let core: AppCore | null = null;
  core = createAppCore({
    appVersion: '1.0.0-test',
    today: () => '2026-06-30',
    chooseExportPath: async () => null,
    logger: createLogger(
      (line) => logLines.push(line),
      () => core?.session.secrets() ?? [],
    ),
    settings: createMemorySettingsStore(),
    keychain: createMemorySecretStore(),
    fetch: async () => {
      throw new Error('no network in this test');
    },
    cachePath: join(mkdtempSync(join(tmpdir(), 'core-test-cache-')), 'cache.sqlite'),
    ...overrides,
  });
  return { core, logLines };
}

/**
 * A keychain that cannot be reached: the real keytar adapter whose module fails to load, as it does on a machine
 * without a Secret Service, so every call fails with KEYCHAIN_UNAVAILABLE and the adapter's own message.
 */
export function createUnreachableKeychain(service: string): SecretStore {
  return createKeytarSecretStore(service, async () => {
    throw new Error('Could not connect: No such file or directory');
  });
}
