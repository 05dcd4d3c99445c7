/**
 * The e2e test host: serves the built renderer to Chromium and carries its bridge calls over
 * loopback HTTP to the SAME handler registrations the Electron main uses (`registerAllIpc`),
 * running the real core in this Node process.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { localIsoDay } from '../../src/shared/dates';
import { createAppCore } from '../../src/core/app';
import { IpcTable, registerAllIpc } from '../../src/core/ipc';
import { createLogger } from '../../src/core/log';
import { createNodeFetch } from '../../src/core/service';
import { createConfSettingsStore } from '../../src/core/settings';
import { createKeytarSecretStore, createMemorySecretStore } from '../../src/core/keychain';
import { createRecordingShell } from '../../src/core/security';
import { BRIDGE_SCRIPT_PATH, bridgeScript } from './bridge-script';
import { BACKGROUND_SYNC_PATH, createBackgroundControl, WINDOW_FOCUS_PATH } from './background-control';

/** How to start a host. */
export interface TestHostOptions {
  rendererDir: string;
  exportDir: string;
  /** Settings (accounts) folder; the same folder across restarts keeps the accounts. */
  dataDir: string;
  /** Keychain service name for this run, or 'memory' for a host without a keychain. */
  keychainService: string;
  /** Extra CA certificate (PEM text) trusted for the fake service. */
  extraCaPem?: string;
  port?: number;
  log?: (line: string) => void;
  /** Logs every bridge call with its time in the handler (for the bench's breakdown of the first screen). */
  traceIpc?: boolean;
}

/** A running host. */
export interface TestHost {
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

const MAX_BODY = 4 * 1024 * 1024;

/** Where a test reads what the app asked the desktop to do (links, "Show in folder", "Open"). */
export const SHELL_RECORD_PATH = '/__test/shell';

/** The answer of {@link SHELL_RECORD_PATH}. */
export interface ShellRecord {
  /** Links opened in the browser. */
  opened: string[];
  /** Files shown in the file manager. */
  shown: string[];
  /** Files opened in their default app. */
  openedFiles: string[];
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(
  response: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  cacheControl = 'no-store',
): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': cacheControl });
  response.end(body);
}

/**
 * The build's scripts and styles carry a hash of their content in their names, so a browser may keep them: as the
 * app's own scheme lets Chromium keep their compiled code between starts (codeCache), a page loaded again in the same
 * browser profile runs the script from its cache instead of compiling it again.
 */
const BUILD_ASSET = /^\/assets\/[\w.-]+-[\w-]{8}\.(js|css)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

function shellRecord(shell: ShellRecord): ShellRecord {
  return { opened: [...shell.opened], shown: [...shell.shown], openedFiles: [...shell.openedFiles] };
}

/** Starts a host on 127.0.0.1. */
export async function startTestHost(options: TestHostOptions): Promise<TestHost> {
  const log = options.log ?? (() => undefined);
  let secrets: () => readonly string[] = () => [];
  const logger = createLogger(log, () => secrets());
  const shell = createRecordingShell();
  const background = createBackgroundControl();
  const core = createAppCore({
    timers: background.timers,
    onSyncNews: background.onSyncNews,
    shell,
    appVersion: '0.0.0-test',
    today: () => localIsoDay(new Date()),
    chooseExportPath: async (name) => join(options.exportDir, name),
    logger,
    settings: createConfSettingsStore(options.dataDir),
    keychain:
      options.keychainService === 'memory'
        ? createMemorySecretStore()
        : createKeytarSecretStore(options.keychainService),
    fetch: createNodeFetch(options.extraCaPem ? { extraCaPem: options.extraCaPem } : {}),
    cachePath: join(options.dataDir, 'cache.sqlite'),
  });
  secrets = () => core.session.secrets();
  await core.session.restore();
  // As the app does at start; the timers only fire when a test asks (BACKGROUND_SYNC_PATH).
  core.background.reschedule();
  const table = new IpcTable();
  const origin = { value: '' };
  registerAllIpc(table, core, {
    trusted: {
      kind: 'origin',
      get origin() {
        return origin.value;
      },
    },
    logger,
  });
  const root = resolve(options.rendererDir);

  async function serveFile(path: string, response: ServerResponse): Promise<void> {
    const file = normalize(join(root, path === '/' ? 'index.html' : decodeURIComponent(path)));
    if (!file.startsWith(root + sep)) return send(response, 403, 'text/plain', 'forbidden');
    try {
      let body: Buffer | string = await readFile(file);
      if (file.endsWith('index.html'))
        body = body.toString('utf8').replace('<head>', `<head><script src="${BRIDGE_SCRIPT_PATH}"></script>`);
      send(
        response,
        200,
        TYPES[extname(file)] ?? 'application/octet-stream',
        body,
        BUILD_ASSET.test(path) ? IMMUTABLE : 'no-store',
      );
    } catch {
      send(response, 404, 'text/plain', 'not found');
    }
  }

  async function serveIpc(channel: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const listener = table.get(channel);
    const text = await readBody(request);
    if (!listener || text === null) {
      return send(
        response,
        200,
        'application/json',
        JSON.stringify({
          ok: false,
          error: { code: 'INVALID_INPUT', message: 'Unknown channel or oversize request.' },
        }),
      );
    }
    let input: unknown;
    try {
      input = (JSON.parse(text) as { input?: unknown }).input;
    } catch {
      input = Symbol('unparseable');
    }
    const started = performance.now();
    const result = await listener({ senderUrl: request.headers.referer ?? null }, input);
    if (options.traceIpc)
      log(`ipc ${channel} at ${started.toFixed(0)} ms took ${(performance.now() - started).toFixed(1)} ms`);
    send(response, 200, 'application/json', JSON.stringify(result));
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin.value || 'http://127.0.0.1');
    const work =
      request.method === 'POST' && url.pathname.startsWith('/__ipc/')
        ? serveIpc(decodeURIComponent(url.pathname.slice('/__ipc/'.length)), request, response)
        : request.method === 'GET' && url.pathname === SHELL_RECORD_PATH
          ? Promise.resolve(send(response, 200, 'application/json', JSON.stringify(shellRecord(shell))))
          : url.pathname.startsWith(BACKGROUND_SYNC_PATH) || url.pathname === WINDOW_FOCUS_PATH
            ? background.serve(request.method ?? 'GET', url.pathname, response)
            : url.pathname === BRIDGE_SCRIPT_PATH
              ? Promise.resolve(send(response, 200, TYPES['.js'] ?? '', bridgeScript()))
              : serveFile(url.pathname, response);
    work.catch((error: unknown) => {
      logger.error('test-host.failed', { error });
      if (!response.headersSent) send(response, 500, 'text/plain', 'test host error');
    });
  });
  await new Promise<void>((ready) => server.listen(options.port ?? 0, '127.0.0.1', ready));
  origin.value = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // As the app does once its window is created: here once the page can be loaded (after the ready line).
  setImmediate(() => core.warmUp());
  return {
    url: `${origin.value}/`,
    close: async () => {
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      await closed;
      await core.close();
    },
  };
}
