/**
 * Runs the e2e test host as its own process (so a test can stop and restart it like an app), and
 * prints `TEST_HOST_READY <url>` once it listens.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startTestHost } from './test-host';

const { values } = parseArgs({
  options: {
    'renderer-dir': { type: 'string', default: 'out/renderer' },
    'export-dir': { type: 'string' },
    'data-dir': { type: 'string' },
    'keychain-service': { type: 'string', default: 'memory' },
    'ca-file': { type: 'string' },
    port: { type: 'string', default: '0' },
  },
});

const exportDir = values['export-dir'];
const dataDir = values['data-dir'];
if (!exportDir || !dataDir) {
  process.stderr.write('--export-dir and --data-dir are required\n');
  process.exit(2);
}
const caFile = values['ca-file'];

const host = await startTestHost({
  rendererDir: values['renderer-dir'],
  exportDir,
  dataDir,
  keychainService: values['keychain-service'],
  ...(caFile ? { extraCaPem: await readFile(caFile, 'utf8') } : {}),
  port: Number(values.port),
  log: (line) => process.stderr.write(`${line}\n`),
  traceIpc: process.env.COMMISSION_DESK_TRACE_IPC === '1',
});
process.stdout.write(`TEST_HOST_READY ${host.url}\n`);
const stop = (): void => {
  void host.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
