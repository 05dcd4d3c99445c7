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
import { createMemorySecretStore } from '../src/core/keychain';
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
