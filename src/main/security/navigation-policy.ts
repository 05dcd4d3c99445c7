/**
 * Guards for where a window may go (TESTPLAN S4) and what the renderer may ask for (S5), as pure
 * functions the Electron glue calls from its event handlers.
 */
import { isTrustedSender, type TrustedRenderer } from './trusted-sender';

/** True when an in-window navigation stays on the app's own page; anything else is prevented. */
export function isAllowedNavigation(targetUrl: string, trusted: TrustedRenderer): boolean {
  return isTrustedSender(targetUrl, trusted);
}

/** Permission requests (camera, microphone, notifications, geolocation, …) are all denied. */
export function isPermissionGranted(_permission: string): boolean {
  return false;
}

const SINGLE_LABEL_OR_IP = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\]|[^.]+)$/i;

/**
 * The one policy for opening links in the user's browser: parsed, `https:` only, a real host name
 * with a dot, no credentials in the URL, no IP literals or punycode look-alikes.
 */
export function isSafeExternalUrl(candidate: string): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  if (url.username !== '' || url.password !== '') return false;
  const host = url.hostname;
  if (host === '' || SINGLE_LABEL_OR_IP.test(host)) return false;
  if (host.split('.').some((label) => label.startsWith('xn--'))) return false;
  return true;
}
