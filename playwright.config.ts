import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './e2e/chromium-args';

/**
 * Two projects: `web` drives the real renderer in Debian's Chromium against the test host, and
 * `electron` launches the built app where the Electron binary exists (skipped, with a message,
 * where it does not).
 */

export default defineConfig({
  testDir: 'e2e',
  reporter: [
    ['list'],
    ['json', { outputFile: `test-reports/playwright-${process.env.PW_SUMMARY_NAME ?? 'run'}.json` }],
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Every test has its own test host, fake service, folders, keychain entry and ports, so tests run side by side; the
  // default (half the cores) would be one on a two-core machine, where most of a test's time is spent waiting.
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  projects: [
    {
      name: 'web',
      testMatch: /.*\.web\.spec\.ts$/,
      // Tests, not whole files, are handed to the workers, so one file of long tests does not finish alone at the end.
      fullyParallel: true,
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS] },
      },
    },
    {
      name: 'electron',
      testMatch: /.*\.electron\.spec\.ts$/,
      // One at a time, as before: each test starts a whole Electron app, and these were not timed side by side.
      workers: 1,
    },
  ],
});
