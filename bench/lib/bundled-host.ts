/**
 * The e2e test host as the app's main process runs: one bundled ES module for plain Node (as electron-vite bundles
 * src/main), not TypeScript compiled by tsx at every start. The startup case times a start from the process spawn,
 * and what tsx does on the way (reading and transforming hundreds of source files) is no part of the app's start.
 *
 * The bundle is written under node_modules/.cache in the repository, so its two native modules (better-sqlite3,
 * keytar) resolve from the repository's node_modules as they do from the app's.
 */
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'vite';
import { spawnHost, type HostConfig } from '../../e2e/fixtures';
import { nodeBundle } from '../../vite.cli.config';

/** Bundles e2e/test-host/main.ts; resolves with the bundle's path. */
export async function bundleTestHost(repoRoot: string): Promise<string> {
  const outDir = join(repoRoot, 'node_modules', '.cache', 'commission-desk-bench', 'test-host');
  await build({
    ...nodeBundle('e2e/test-host/main.ts', outDir, {
      // What the code loads later (exceljs, at the first export) in chunks of its own, as electron-vite splits it.
      entryFileNames: 'main.mjs',
      chunkFileNames: '[name]-[hash].mjs',
    }),
    configFile: false,
  });
  return join(outDir, 'main.mjs');
}

/** A running bundled host and when its process was spawned (performance.now() of this process). */
export interface BundledHost {
  url: string;
  spawnedAt: number;
  /** When it printed its ready line: settings read, cache opened, session restored, listening. */
  readyAt: number;
  stop(): Promise<void>;
}

/** A free loopback port: every start of the host in a case listens on it, so the page's origin stays the same, as the app's does. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** Starts the bundled host for `config` on `port` and waits for its ready line. */
export async function startBundledHost(
  bundle: string,
  config: HostConfig,
  rendererDir: string,
  port: number,
): Promise<BundledHost> {
  const args = [
    bundle,
    '--renderer-dir',
    rendererDir,
    '--export-dir',
    config.exportDir,
    '--data-dir',
    config.dataDir,
    '--keychain-service',
    config.keychainService,
  ];
  if (config.caFile) args.push('--ca-file', config.caFile);
  args.push('--port', String(port));
  const spawnedAt = performance.now();
  const host = await spawnHost(args, 'the bundled test host');
  return { ...host, spawnedAt, readyAt: performance.now() };
}
