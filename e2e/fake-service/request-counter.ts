/**
 * A second local server that only counts what reaches it: the address a redirect points to (S11). The HTTPS one is
 * reached as `localhost` (another host than the fake service's 127.0.0.1) with the fake's own certificate, so a
 * transport that trusts the fake would also trust it; the plain one stands for a redirect to `http:`.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { sharedTestCertificates } from './certificates';

/** One request the counter received; credential values are never kept. */
export interface CountedRequest {
  method: string;
  path: string;
  /** Which of api-key, api-secret and app-id it carried. */
  credentialHeaders: string[];
}

/** A running counter. */
export interface RequestCounter {
  /** https://localhost:<port> or http://127.0.0.1:<port> */
  readonly origin: string;
  readonly requests: readonly CountedRequest[];
  close(): Promise<void>;
}

const CREDENTIAL_HEADERS = ['api-key', 'api-secret', 'app-id'];

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Starts a server on 127.0.0.1 that answers every request 200 `{}` and records it. */
export async function startRequestCounter(scheme: 'https' | 'http'): Promise<RequestCounter> {
  const requests: CountedRequest[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    requests.push({
      method: req.method ?? 'GET',
      path: new URL(req.url ?? '/', 'http://counter.invalid').pathname,
      credentialHeaders: CREDENTIAL_HEADERS.filter((name) => name in req.headers),
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  };
  const certificates = await sharedTestCertificates();
  const server =
    scheme === 'https'
      ? createHttpsServer({ key: certificates.keyPem, cert: certificates.certPem }, handle)
      : createHttpServer(handle);
  const port = await listen(server);
  return {
    origin: scheme === 'https' ? `https://localhost:${port}` : `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
