import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './e2e/chromium-args';

/**
 * Two projects: `web` drives the real renderer in Debian's Chromium against the test host, and
 * `electron` launches the built app where the Electron binary exists (skipped, with a message,
 * where it does not).
 */

export default defineConfig({
  testDir: 'e2e',
  reporter: [['list'], ['json', { outputFile: `test-reports/playwright-${process.env.PW_SUMMARY_NAME ?? 'run'}.json` }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  projects: [
    {
      name: 'web',
      testMatch: /.*\.web\.spec\.ts$/,
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS] },
      },
    },
    {
      name: 'electron',
      testMatch: /.*\.electron\.spec\.ts$/,
    },
  ],
});
