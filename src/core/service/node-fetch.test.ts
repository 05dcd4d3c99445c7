import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { getCACertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCertificates } from '../../../e2e/fake-service/certificates';
import { connectClient, type FakeClient } from '../../../e2e/fake-service/client-fixture';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { AppError } from '../../shared/errors';
import { parseBaseUrl } from './base-url';
import { createNodeFetch, parseCaBundle, readCaFile, trustedRoots, type NodeFetchOptions } from './node-fetch';
import { createServiceClient } from './service-client';

let fake: FakeService;
const clients: FakeClient[] = [];

function connect(options: Parameters<typeof connectClient>[1] = {}): FakeClient {
  const c = connectClient(fake, options);
  clients.push(c);
  return c;
}

async function code(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'resolved',
    (e: unknown) => (e instanceof AppError ? e.code : `not an AppError: ${String(e)}`),
  );
}

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 20 } });
});

afterAll(async () => {
  for (const c of clients) c.close();
  await fake.close();
});

describe('N1: only https, and TLS always verified', () => {
  it('N1: refuses base URLs that are not https before anything is sent', () => {
    for (const url of [
      fake.httpUrl,
      'http://example.com',
      'ftp://example.com',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'ws://x.test',
      'example.com',
      '',
    ]) {
      expect(() => parseBaseUrl(url), url).toThrow(AppError);
      const error = (() => {
        try {
          createServiceClient({ baseUrl: url, credentials: fake.credentials, fetch: createNodeFetch() });
        } catch (e) {
          return e as AppError;
        }
        return null;
      })();
      expect(error?.code, url).toBe('INSECURE_URL');
    }
    expect(() => parseBaseUrl('https://user:pass@example.com')).toThrow(/user name, password/);
    expect(fake.requests).toHaveLength(0);
  });

  it('N1: normalises an https base URL (trailing slash, pasted /v1)', () => {
    expect(parseBaseUrl(' https://api.example.com/ ')).toBe('https://api.example.com');
    expect(parseBaseUrl('https://api.example.com/partner/v1/')).toBe('https://api.example.com/partner');
    expect(parseBaseUrl('HTTPS://API.example.com:8443')).toBe('https://api.example.com:8443');
  });

  it('N1: the fake refuses plain HTTP with 403 (spec 5.3)', async () => {
    const response = await fetch(`${fake.httpUrl}/v1/user/`, {
      headers: { 'api-key': 'k', 'api-secret': 's', 'app-id': 'a' },
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toMatch(/Plain HTTP is refused/);
  });

  it('N1: a server with a private CA fails with TLS_FAILURE unless that CA is added through extraCaPem', async () => {
    const untrusting = connect({ trustFakeCa: false });
    expect(await code(untrusting.client.getProfile())).toBe('TLS_FAILURE');
    expect(untrusting.clock.sleeps).toEqual([]);
    const trusting = connect();
    await expect(trusting.client.getProfile()).resolves.toMatchObject({ userName: fake.profile.user_name });
  });

  it('N1: a CA read from a PEM file path works the same way', async () => {
    const pem = await readCaFile(fake.caPemPath);
    const fetch = createNodeFetch({ extraCaPem: pem });
    const client = createServiceClient({ baseUrl: fake.baseUrl, credentials: fake.credentials, fetch });
    await expect(client.getProfile()).resolves.toBeTruthy();
    fetch.close();
  });

  it('N1: trusting some other CA does not make the server trusted', async () => {
    const other = await createTestCertificates({ caName: 'Some Other CA' });
    const fetch = createNodeFetch({ extraCaPem: other.caPem });
    const client = createServiceClient({ baseUrl: fake.baseUrl, credentials: fake.credentials, fetch });
    expect(await code(client.getProfile())).toBe('TLS_FAILURE');
    fetch.close();
  });

  it('A9: an extra CA is added to the roots Node and the system trust, never put in their place', () => {
    const extra = parseCaBundle(fake.caPem);
    const node = trustedRoots(extra, false);
    const app = trustedRoots(extra, true);
    const has = (roots: string[], pem: string): boolean => roots.includes(pem.trim());
    for (const root of getCACertificates('default')) expect(has(node, root) && has(app, root)).toBe(true);
    for (const root of getCACertificates('system')) expect(has(app, root)).toBe(true);
    for (const pem of extra) expect(has(node, pem) && has(app, pem)).toBe(true);
  });

  it('A9: a TLS failure names the certificate the service presented and its issuer', async () => {
    const other = await createTestCertificates({ caName: 'Some Other CA' });
    const fetch = createNodeFetch({ extraCaPem: other.caPem });
    const client = createServiceClient({ baseUrl: fake.baseUrl, credentials: fake.credentials, fetch });
    const failure = await client.getProfile().then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).message).toContain('certificate for “127.0.0.1” issued by “Commission Desk Test CA”');
    fetch.close();
  });

  it('N1: the host name is verified too: a certificate for another name fails even with its CA added', async () => {
    const certificates = await createTestCertificates({ hosts: ['reports.example.invalid'] });
    const wrongName = await startFakeService({ sales: { count: 1 }, certificates });
    const fetch = createNodeFetch({ extraCaPem: certificates.caPem });
    const client = createServiceClient({ baseUrl: wrongName.baseUrl, credentials: wrongName.credentials, fetch });
    expect(await code(client.getProfile())).toBe('TLS_FAILURE');
    fetch.close();
    await wrongName.close();
  });

  it('N1: NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment cannot turn verification off', async () => {
    const previous = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    const warn = process.emitWarning;
    process.emitWarning = () => undefined;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    try {
      const untrusting = connect({ trustFakeCa: false });
      expect(await code(untrusting.client.getProfile())).toBe('TLS_FAILURE');
    } finally {
      if (previous === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previous;
      process.emitWarning = warn;
    }
  });

  it('N1: no certificate-error override exists: unknown transport options are refused', () => {
    for (const options of [
      { rejectUnauthorized: false },
      { insecure: true },
      { ca: 'x' },
      { checkServerIdentity: () => undefined },
    ]) {
      expect(() => createNodeFetch(options as unknown as NodeFetchOptions)).toThrow(/only an extra CA certificate/);
    }
  });

  it('N1: an extra CA that is not a CA certificate, or not PEM, is refused with a plain reason', () => {
    expect(() => parseCaBundle('hello')).toThrow(/contains no PEM certificate/);
    expect(() => parseCaBundle('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----')).toThrow(/damaged/);
    expect(() => parseCaBundle(readFileSync(join(fake.caPemPath, '..', 'server.pem'), 'utf8'))).toThrow(
      /is not a CA certificate/,
    );
    expect(parseCaBundle(`${fake.caPem}\n${fake.caPem}`)).toHaveLength(2);
  });

  it('N1: no source file can switch TLS verification off', () => {
    const forbidden = [
      /rejectUnauthorized\s*:\s*false/,
      /process\.env(\.|\[['"])NODE_TLS_REJECT_UNAUTHORIZED/,
      /ignore-certificate-errors/,
      /['"]certificate-error['"]/,
    ];
    const offenders: string[] = [];
    const visit = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) visit(path);
        else if (/\.(ts|tsx|js|cjs|mjs)$/.test(name) && !name.endsWith('.test.ts')) {
          const text = readFileSync(path, 'utf8');
          if (forbidden.some((re) => re.test(text))) offenders.push(path);
        }
      }
    };
    for (const dir of ['src', 'e2e/fake-service']) visit(join(__dirname, '../../..', dir));
    expect(offenders).toEqual([]);
  });
});
