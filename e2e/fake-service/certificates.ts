/**
 * Certificates for the fake service, made at test time so no private key is ever committed: a throwaway CA
 * and a server certificate for 127.0.0.1/localhost signed by it. Node cannot sign X.509 certificates itself,
 * so this runs the `openssl` command-line tool (Debian package `openssl`); EC P-256 keys keep it fast.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A CA and a server certificate it signed, as PEM text and files. */
export interface TestCertificates {
  /** The CA certificate a client must add to trust the server. */
  caPem: string;
  caPemPath: string;
  /** The server's private key and certificate. */
  keyPem: string;
  certPem: string;
  /** Folder holding the files; removed when the process exits. */
  dir: string;
}

/** Options of {@link createTestCertificates}. */
export interface CertificateOptions {
  /** Names the server certificate is valid for. Default 127.0.0.1 and localhost. */
  hosts?: string[];
  /** Common name of the CA, so tests can tell two CAs apart. */
  caName?: string;
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

async function openssl(args: string[], cwd: string): Promise<void> {
  try {
    await run('openssl', args, { cwd });
  } catch (error) {
    const missing = (error as { code?: unknown }).code === 'ENOENT';
    throw new Error(
      missing
        ? 'The fake service needs the `openssl` command to make its test certificates. Install it (Debian/Ubuntu: apt-get install openssl).'
        : `openssl ${args[0] ?? ''} failed: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

function subjectAltName(hosts: readonly string[]): string {
  return hosts.map((h) => (/^[\d.]+$|:/.test(h) ? `IP:${h}` : `DNS:${h}`)).join(',');
}

function temporaryFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'commission-desk-fake-ca-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Makes a fresh CA and a server certificate signed by it, valid for a week. */
export async function createTestCertificates(options: CertificateOptions = {}): Promise<TestCertificates> {
  const dir = temporaryFolder();
  const caName = options.caName ?? 'Commission Desk Test CA';
  const hosts = options.hosts ?? ['127.0.0.1', 'localhost'];
  await openssl(
    [
      'req',
      '-x509',
      ...EC_KEY,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '7',
      '-subj',
      `/CN=${caName}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  await openssl(
    [
      'req',
      '-new',
      ...EC_KEY,
      '-keyout',
      'server.key',
      '-out',
      'server.csr',
      '-subj',
      `/CN=${hosts[0] ?? 'localhost'}`,
    ],
    dir,
  );
  await writeFile(
    join(dir, 'server.ext'),
    [
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth',
      `subjectAltName=${subjectAltName(hosts)}`,
    ].join('\n'),
  );
  await openssl(
    [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'server.pem',
      '-days',
      '7',
      '-extfile',
      'server.ext',
    ],
    dir,
  );
  const [caPem, keyPem, certPem] = await Promise.all(
    ['ca.pem', 'server.key', 'server.pem'].map((f) => readFile(join(dir, f), 'utf8')),
  );
  return {
    caPem: caPem as string,
    caPemPath: join(dir, 'ca.pem'),
    keyPem: keyPem as string,
    certPem: certPem as string,
    dir,
  };
}

let shared: Promise<TestCertificates> | null = null;

/** One set of certificates per process, shared by every fake service it starts (saves ~100 ms each). */
export function sharedTestCertificates(): Promise<TestCertificates> {
  shared ??= createTestCertificates();
  return shared;
}
