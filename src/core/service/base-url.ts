/**
 * The service's base address, accepted only over HTTPS (N1). Parsed, never matched with
 * `startsWith`, and normalised without a trailing slash (or a pasted trailing `/v1`, which the client adds
 * itself) so paths join predictably.
 */
import { AppError } from '../../shared/errors';

/** Parses and normalises a base URL; throws INSECURE_URL for anything that is not a plain https URL. */
export function parseBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new AppError(
      'INSECURE_URL',
      'The service address is not a valid URL. Enter it as https://… from your account dashboard.',
    );
  }
  if (url.protocol !== 'https:') {
    throw new AppError(
      'INSECURE_URL',
      'The service address must start with https://. Plain http is refused because it would expose your credentials.',
    );
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new AppError(
      'INSECURE_URL',
      'The service address must not contain a user name, password, query or fragment.',
    );
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/i, '');
  return `${url.origin}${path}`;
}
