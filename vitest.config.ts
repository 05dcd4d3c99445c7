import { defineConfig } from 'vitest/config';

/** Unit and integration tests beside the code, in Node, printing every test's title. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'e2e/test-host/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    reporters: ['verbose', 'json'],
    outputFile: { json: 'test-reports/vitest.json' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
