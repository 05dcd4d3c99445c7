/**
 * The Node transport (tests, the headless command, and the app when an extra CA is configured): a small
 * fetch-compatible adapter over `node:https`, because Node's built-in fetch cannot take extra CA certificates
 * without the `undici` package, which is not a dependency of this app.
 *
 * TLS is always verified (N1): against Node's default roots (with `NODE_EXTRA_CA_CERTS`), in the app the operating
 * system's store too, plus, optionally, one extra CA bundle for networks that inspect TLS: the bundle is added to
 * those roots, never put in their place (A9). There is deliberately no option to turn verification off, and
 * `rejectUnauthorized: true` is set explicitly so even NODE_TLS_REJECT_UNAUTHORIZED=0 cannot weaken it.
 * It never follows redirects and adds no headers of its own (no user-agent), so the service sees only
 * what the client sends.
 */
import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Agent, request as httpsRequest } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { createSecureContext, getCACertificates, TLSSocket } from 'node:tls';
import { z } from 'zod';
import { AppError } from '../../shared/errors';
import { abortReason } from './clock';
import type { FetchLike } from './http-attempt';

/** Options of {@link createNodeFetch}; unknown keys are refused, so no one can slip in a verification override. */
export const nodeFetchOptionsSchema = z.strictObject({
  /** PEM text of one or more extra CA certificates, trusted in addition to the default roots. */
  extraCaPem: z.string().optional(),
  /**
   * Whether the operating system's certificate store is trusted too (the app, where the computer's trust is the
   * baseline); without it the roots are Node's own plus `NODE_EXTRA_CA_CERTS` (the command line).
   */
  systemStore: z.boolean().optional(),
  /** Most sockets per host. Default 8. */
  maxSockets: z.number().int().min(1).max(64).optional(),
});
export type NodeFetchOptions = z.input<typeof nodeFetchOptionsSchema>;

/** A fetch that owns a connection pool; `close` ends idle keep-alive sockets (at sign-out, in tests). */
export type NodeFetch = FetchLike & { close(): void };

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

function caError(reason: string): AppError {
  return new AppError(
    'INVALID_INPUT',
    `The extra CA certificate cannot be used: ${reason}. Export your organisation’s root certificate as a PEM (Base-64) file and choose it again.`,
  );
}

/**
 * Splits a PEM bundle into certificates and checks each one parses and is a CA certificate.
 * Throws INVALID_INPUT with a plain reason otherwise; the text itself is never echoed.
 */
export function parseCaBundle(pem: string): string[] {
  const blocks = pem.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) throw caError('the file contains no PEM certificate (-----BEGIN CERTIFICATE-----)');
  for (const block of blocks) {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(block);
    } catch {
      throw caError('a certificate in the file is damaged');
    }
    if (!certificate.ca) throw caError(`“${certificate.subject.replace(/\n/g, ', ')}” is not a CA certificate`);
  }
  return blocks;
}

/** Reads an extra CA file (PEM) chosen by the user, checking it before it is used. */
export async function readCaFile(path: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw caError('the file could not be read');
  }
  return parseCaBundle(text).join('\n');
}

function responseHeaders(message: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function toResponse(message: IncomingMessage, method: string): Response {
  const status = message.statusCode ?? 0;
  if (status < 200 || status > 599) {
    message.destroy();
    throw new TypeError('fetch failed', { cause: new Error(`unsupported HTTP status ${status}`) });
  }
  message.on('error', () => undefined);
  const noBody = method === 'HEAD' || NULL_BODY_STATUSES.has(status);
  if (noBody) message.resume();
  const body = noBody ? null : (Readable.toWeb(message) as unknown as ReadableStream<Uint8Array>);
  return new Response(body, { status, statusText: message.statusMessage ?? '', headers: responseHeaders(message) });
}

function requestHeaders(init: RequestInit): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError');
}

/** What a TLS failure names: the certificate the server presented, by subject and issuer. */
export interface PeerCertificateName {
  subject: string;
  issuer: string;
}

function commonName(name: Record<string, unknown> | undefined): string {
  const cn = name?.['CN'];
  const value = Array.isArray(cn) ? cn[0] : cn;
  return typeof value === 'string' ? value.slice(0, 200) : '';
}

/** The server certificate each socket was shown, read as the handshake ends (before a failed one closes it). */
const presented = new WeakMap<object, PeerCertificateName>();

function recordPeerCertificate(socket: TLSSocket): void {
  const certificate = socket.getPeerCertificate() as ReturnType<TLSSocket['getPeerCertificate']> | null;
  const subject = commonName(certificate?.subject as Record<string, unknown> | undefined);
  if (certificate === null || subject === '') return;
  presented.set(socket, { subject, issuer: commonName(certificate.issuer as Record<string, unknown> | undefined) });
}

/**
 * A pool whose sockets note the server's certificate: a failed check closes the socket before the error is seen,
 * and the message should say which certificate failed.
 */
class NamingAgent extends Agent {
  override createConnection(...args: Parameters<Agent['createConnection']>): ReturnType<Agent['createConnection']> {
    const socket = super.createConnection(...args);
    if (socket instanceof TLSSocket) socket.prependListener('secure', () => recordPeerCertificate(socket));
    return socket;
  }
}

/** The error, carrying the server's certificate when the handshake got that far, so the message can name it. */
function withPeerCertificate(error: Error, socket: unknown): Error {
  const peerCertificate = socket !== null && typeof socket === 'object' ? presented.get(socket) : undefined;
  return peerCertificate === undefined ? error : Object.assign(error, { peerCertificate });
}

function send(agent: Agent, input: string, init: RequestInit): Promise<Response> {
  const url = new URL(input);
  if (url.protocol !== 'https:')
    return Promise.reject(new TypeError('fetch failed', { cause: new Error('only https: URLs are allowed') }));
  const body = init.body ?? null;
  if (body !== null && typeof body !== 'string')
    return Promise.reject(new TypeError('This transport sends only text bodies.'));
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const method = (init.method ?? 'GET').toUpperCase();
  return new Promise((resolve, reject) => {
    const headers = requestHeaders(init);
    if (body !== null) headers['content-length'] = String(Buffer.byteLength(body, 'utf8'));
    const req = httpsRequest(url, { method, agent, headers, rejectUnauthorized: true });
    const onAbort = (): void => {
      const reason = abortReason(signal as AbortSignal);
      req.destroy(asError(reason));
      reject(reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) =>
      reject(new TypeError('fetch failed', { cause: withPeerCertificate(error, req.socket) })),
    );
    req.on('close', () => signal?.removeEventListener('abort', onAbort));
    req.on('response', (message) => {
      try {
        resolve(toResponse(message, method));
      } catch (error) {
        reject(error);
      }
    });
    if (body === null) req.end();
    else req.end(body, 'utf8');
  });
}

/**
 * Every certificate a transport with these options trusts: Node's default roots (which hold `NODE_EXTRA_CA_CERTS`),
 * the system's store when asked, and the extra bundle, each certificate once.
 */
export function trustedRoots(extra: readonly string[], systemStore: boolean): string[] {
  const roots = [...getCACertificates('default'), ...(systemStore ? getCACertificates('system') : []), ...extra];
  return [...new Set(roots.map((pem) => pem.trim()))];
}

/**
 * Creates a fetch over `node:https` that verifies TLS against the default roots plus `extraCaPem`, if given.
 * Aborting `init.signal` destroys the socket, which also ends a body being read.
 */
export function createNodeFetch(options: NodeFetchOptions = {}): NodeFetch {
  const parsed = nodeFetchOptionsSchema.safeParse(options);
  if (!parsed.success) {
    throw new AppError(
      'INVALID_INPUT',
      'The network settings are not valid: only an extra CA certificate and a socket count can be set.',
    );
  }
  const extra = parsed.data.extraCaPem === undefined ? [] : parseCaBundle(parsed.data.extraCaPem);
  const agent = new NamingAgent({
    keepAlive: true,
    maxSockets: parsed.data.maxSockets ?? 8,
    rejectUnauthorized: true,
    // The roots and the extra CA go in as one TLS context made once. Given as `ca`, they would be part of the name
    // the agent files each connection under, written out again (every root's PEM text) several times per request.
    ...(extra.length > 0 || parsed.data.systemStore === true
      ? { secureContext: createSecureContext({ ca: trustedRoots(extra, parsed.data.systemStore === true) }) }
      : {}),
  });
  const nodeFetch = (input: string, init: RequestInit = {}): Promise<Response> => send(agent, input, init);
  return Object.assign(nodeFetch, { close: () => agent.destroy() });
}
