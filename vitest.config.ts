import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit and integration tests beside the code, in Node, printing every test's title. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'e2e/test-host/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    reporters: ['verbose', 'json'],
    outputFile: { json: 'test-reports/vitest.json' },
    // Vitest's default is one worker fewer than the cores: one on a two-core machine, idle while a test waits on the
    // builds, packagers, CLI runs and spreadsheet checks it starts in child processes. The files that build write to
    // folders of their own (only the packaging test uses out/), so two files can run side by side.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
