/**
 * An account's extra CA certificate, for networks that inspect TLS: checked with node:crypto before it is stored
 * (PEM, a CA, currently valid, a small bundle), described for Settings without echoing the text, and fingerprinted so
 * an account's keychain entry can record which certificate its secrets were entered under.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { AppError } from '../../shared/errors';
import type { ExtraCaCertificate, ExtraCaInfo } from '../../shared/ipc-contract';
import { parseCaBundle } from './node-fetch';

/** Most certificates one account may trust in addition to the system's. */
export const MAX_EXTRA_CA_CERTIFICATES = 10;

/** A bundle that passed {@link checkExtraCa}: its normalised text and what Settings shows of it. */
export interface CheckedExtraCa {
  /** The PEM blocks only, joined by newlines: what is stored and handed to the transport. */
  pem: string;
  info: ExtraCaInfo;
}

function refused(reason: string): AppError {
  return new AppError(
    'INVALID_INPUT',
    `This certificate cannot be trusted: ${reason}. Ask your IT department for the organisation’s root certificate as a PEM (Base-64) file.`,
  );
}

/** The subject's common name, or the whole subject on one line when it has none. */
function displayName(distinguished: string): string {
  const lines = distinguished.split('\n');
  const common = lines.find((line) => line.startsWith('CN='));
  return (common ? common.slice(3) : lines.join(', ')).slice(0, 200);
}

function describeCertificate(certificate: X509Certificate, now: Date): ExtraCaCertificate {
  const validTo = new Date(certificate.validTo);
  return {
    subject: displayName(certificate.subject),
    issuer: displayName(certificate.issuer),
    validFrom: new Date(certificate.validFrom).toISOString(),
    validTo: validTo.toISOString(),
    fingerprint: certificate.fingerprint256,
    expired: validTo.getTime() < now.getTime(),
  };
}

/** Describes a stored bundle (which already passed {@link checkExtraCa}) for Settings. */
export function describeExtraCa(pem: string, now: Date): ExtraCaInfo {
  return { certificates: parseCaBundle(pem).map((block) => describeCertificate(new X509Certificate(block), now)) };
}

/**
 * Checks PEM text a person pasted or chose before it is stored: at least one certificate, each one a CA certificate
 * that is valid today, at most {@link MAX_EXTRA_CA_CERTIFICATES}. Throws INVALID_INPUT with a plain reason.
 */
export function checkExtraCa(text: string, now: Date): CheckedExtraCa {
  const blocks = parseCaBundle(text);
  if (blocks.length > MAX_EXTRA_CA_CERTIFICATES) refusedCount(blocks.length);
  for (const block of blocks) {
    const certificate = new X509Certificate(block);
    const name = displayName(certificate.subject);
    if (new Date(certificate.validTo).getTime() < now.getTime()) {
      throw refused(`“${name}” expired on ${new Date(certificate.validTo).toISOString().slice(0, 10)}`);
    }
    if (new Date(certificate.validFrom).getTime() > now.getTime()) {
      throw refused(`“${name}” is not valid before ${new Date(certificate.validFrom).toISOString().slice(0, 10)}`);
    }
  }
  const pem = blocks.join('\n');
  return { pem, info: describeExtraCa(pem, now) };
}

function refusedCount(count: number): never {
  throw refused(
    `the text holds ${count} certificates, more than the ${MAX_EXTRA_CA_CERTIFICATES} one account may trust`,
  );
}

/** A short fingerprint of a stored bundle, recorded with the account's secrets; null when there is none. */
export function extraCaFingerprint(pem: string | undefined): string | null {
  return pem === undefined ? null : createHash('sha256').update(pem).digest('hex');
}
