/**
 * Runs the e2e test host as its own process (so a test can stop and restart it like an app), and
 * prints `TEST_HOST_READY <url>` once it listens.
 */
import { parseArgs } from 'node:util';
import { startTestHost } from './test-host';

const { values } = parseArgs({
  options: {
    'renderer-dir': { type: 'string', default: 'out/renderer' },
    'export-dir': { type: 'string' },
    port: { type: 'string', default: '0' },
  },
});

const exportDir = values['export-dir'];
if (!exportDir) {
  process.stderr.write('--export-dir is required\n');
  process.exit(2);
}

const host = await startTestHost({
  rendererDir: values['renderer-dir'],
  exportDir,
  port: Number(values.port),
  log: (line) => process.stderr.write(`${line}\n`),
});
process.stdout.write(`TEST_HOST_READY ${host.url}\n`);
const stop = (): void => {
  void host.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
