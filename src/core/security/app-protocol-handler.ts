/**
 * The handler behind `protocol.handle('app', …)` (S10), written against the web's Request and
 * Response so Node can run it on real files: it answers GET and HEAD for files the resolver
 * accepts, with their content type, the page's CSP also sent as a header (plus `frame-ancestors`,
 * which a meta tag cannot carry) and no MIME sniffing; everything else gets an empty error answer.
 */
import { readFile as readFileFromDisk } from 'node:fs/promises';
import { resolveRendererFile, type RefusalReason } from './renderer-file-resolver';
import { CONTENT_SECURITY_POLICY } from './window-options';

/** The CSP header of every answer: the page's own policy, and no page may frame the app. */
export const APP_RESPONSE_CSP = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;

/** What the handler needs. */
export interface AppProtocolDeps {
  /** Absolute path of the built renderer folder (out/renderer). */
  rendererRoot: string;
  /** Reads a whole file; Node's by default (Electron's fs also reads inside app.asar). */
  readFile?: (path: string) => Promise<Uint8Array<ArrayBuffer>>;
  /** Told about every refused request, for the log (never with the URL, which is the page's input). */
  onRefused?: (reason: RefusalReason | 'method' | 'missing' | 'unreadable', status: number) => void;
}

const COMMON_HEADERS = {
  'content-security-policy': APP_RESPONSE_CSP,
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-cache',
};

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/** Builds the scheme's request handler. */
export function createAppProtocolHandler(deps: AppProtocolDeps): (request: Request) => Promise<Response> {
  const readFile = deps.readFile ?? ((path: string) => readFileFromDisk(path));
  const refuse = (reason: Parameters<NonNullable<AppProtocolDeps['onRefused']>>[0], status: number): Response => {
    deps.onRefused?.(reason, status);
    return new Response(null, { status, headers: COMMON_HEADERS });
  };
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse('method', 405);
    const answer = resolveRendererFile(request.url, deps.rendererRoot);
    if (answer.kind === 'refused') return refuse(answer.reason, answer.status);
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = await readFile(answer.path);
    } catch (error) {
      const code = errorCode(error);
      return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR'
        ? refuse('missing', 404)
        : refuse('unreadable', 500);
    }
    const headers = {
      ...COMMON_HEADERS,
      'content-type': answer.contentType,
      'content-length': String(body.byteLength),
    };
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
  };
}
