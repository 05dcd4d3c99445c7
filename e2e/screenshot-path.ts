import { join } from 'node:path';

/**
 * Where a spec saves a screenshot: test-reports/screenshots/ during `npm test`, so a test run never rewrites tracked
 * files; `npm run screenshots` points SCREENSHOT_DIR at docs/screenshots/ to refresh the README's pictures on purpose.
 */
export function screenshotPath(fileName: string): string {
  return join(process.env.SCREENSHOT_DIR ?? 'test-reports/screenshots', fileName);
}
