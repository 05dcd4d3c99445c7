/**
 * Child process of the crash-guard test: installs the guards on the real `process`, then throws an
 * uncaught error from inside a cache transaction and leaves a promise rejection unhandled, and goes
 * on to store another page. Prints `{"count":…,"stats":…}` when it finished. Not used by the app.
 * Run: node --import tsx crash-guard-child.ts <cache file> <log folder> <secret>.
 */
import { openCache } from '../src/core/cache';
import { installCrashGuards, createLogger, createRotatingFileSink } from '../src/core/log';
import { GUARD_ACCOUNT, guardPages } from './crash-guard-plan';

function run(cachePath: string, logDir: string, secret: string): void {
  const sink = createRotatingFileSink({ directory: logDir });
  const logger = createLogger(
    (line) => sink.write(line),
    () => [secret],
  );
  const stats = installCrashGuards(process, logger);
  const { cache } = openCache({ path: cachePath });
  const { first, second, third } = guardPages();
  cache.storePage(GUARD_ACCOUNT, first, new Date());
  setTimeout(() => {
    cache.transaction(() => {
      cache.storePage(GUARD_ACCOUNT, second, new Date());
      throw new Error(`the disk refused the page; api-secret: ${secret}`);
    });
  }, 10);
  setTimeout(() => {
    void Promise.reject(new Error(`a promise nobody awaited failed for ${secret}`));
  }, 20);
  setTimeout(() => {
    cache.storePage(GUARD_ACCOUNT, third, new Date());
    const count = cache.countSales(GUARD_ACCOUNT, {});
    cache.close();
    process.stdout.write(`${JSON.stringify({ count, stats })}\n`);
  }, 150);
}

const [cachePath, logDir, secret] = process.argv.slice(2);
if (cachePath && logDir && secret) run(cachePath, logDir, secret);
