/**
 * Fetching the ECB's rates table (L1), only when the user turned it on: the euro reference rates' full history from
 * the ECB's own address and no other (no redirect followed), over HTTPS with the platform's certificate checks, within
 * a time limit and a size limit, unzipped and then stored exactly as an imported file is — checked whole first, so a
 * bad download changes nothing.
 */
import type JSZip from 'jszip';
import { AppError } from '../../shared/errors';
import type { RatesStatus } from '../../shared/reference-rates';
import { MAX_RATES_FILE_BYTES } from '../../shared/reference-rates';
import type { ReferenceRateStore } from '../cache';
import type { FetchLike } from '../service';
import { importRates } from './stored-rates';

/** The ECB's published address of the full history. */
export const ECB_RATES_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip';

/** The zip is a fraction of its text; a larger answer is not it. */
const MAX_ZIP_BYTES = 4 * 1024 * 1024;
const TIMEOUT_MS = 30_000;

const failed = (message: string, code: 'NETWORK_OFFLINE' | 'BAD_RESPONSE' = 'BAD_RESPONSE') =>
  new AppError(code, `${message} The stored rates stay as they were; you can import the file instead.`);

async function download(fetch: FetchLike): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(ECB_RATES_URL, { redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw failed('The ECB could not be reached.', 'NETWORK_OFFLINE');
  }
  if (!response.ok) throw failed(`The ECB answered ${response.status}.`);
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_ZIP_BYTES) throw failed('The ECB sent more than its rates table can be.');
  const body = new Uint8Array(await response.arrayBuffer());
  if (body.byteLength > MAX_ZIP_BYTES) throw failed('The ECB sent more than its rates table can be.');
  return body;
}

async function csvOf(zipped: Uint8Array): Promise<string> {
  // Loaded when the rates are fetched, not with the main process (and every export) at start.
  const { default: unzip } = await import('jszip');
  let zip: JSZip;
  try {
    zip = await unzip.loadAsync(zipped);
  } catch {
    throw failed('The ECB sent something that is not its zipped rates table.');
  }
  const entry = zip.file('eurofxref-hist.csv');
  if (entry === null) throw failed('The ECB’s zip holds no eurofxref-hist.csv.');
  const text = await entry.async('uint8array');
  if (text.byteLength > MAX_RATES_FILE_BYTES) throw failed('The ECB’s table is larger than it can be.');
  return new TextDecoder('utf-8').decode(text);
}

/** Downloads the ECB's table and stores it, marked as fetched from the ECB at `at`. */
export async function fetchEcbRates(store: ReferenceRateStore, fetch: FetchLike, at: Date): Promise<RatesStatus> {
  const text = await csvOf(await download(fetch));
  return importRates(store, text, { kind: 'ecb', origin: ECB_RATES_URL, importedAt: at.toISOString() });
}
