/**
 * Guards for where a window may go (S4) and what the renderer may ask for (S5), as pure
 * functions the Electron glue calls from its event handlers.
 */
import { isTrustedSender, type TrustedRenderer } from './trusted-sender';

/** True when an in-window navigation stays on the app's own page; anything else is prevented. */
export function isAllowedNavigation(targetUrl: string, trusted: TrustedRenderer): boolean {
  return isTrustedSender(targetUrl, trusted);
}

/**
 * Only writing plain text to the clipboard is allowed ("Copy diagnostics" needs it, and it reveals
 * nothing to the page); every other request (camera, microphone, notifications, geolocation,
 * clipboard reading, …) is denied.
 */
const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** True only for the permissions in {@link GRANTED_PERMISSIONS}. */
export function isPermissionGranted(permission: string): boolean {
  return GRANTED_PERMISSIONS.has(permission);
}

/** A permission is granted only when it is allowed AND the asking page is the app's own. */
export function isPermissionGrantedFor(
  permission: string,
  requestingUrl: string | null | undefined,
  trusted: TrustedRenderer,
): boolean {
  return isPermissionGranted(permission) && isTrustedSender(requestingUrl, trusted);
}

const SINGLE_LABEL_OR_IP = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\]|[^.]+)$/i;
/** Top-level names that resolve to this machine or the local network, never to a shop's site. */
const LOCAL_SUFFIXES = new Set(['localhost', 'local', 'internal', 'lan', 'arpa', 'home']);
const MAX_EXTERNAL_URL_LENGTH = 2048;

/**
 * The one policy for opening links in the user's browser: parsed, `https:` only, a real host name
 * with a dot, no credentials in the URL, no IP literals, no local-network names and no punycode
 * look-alikes (an IDN host arrives here already converted to `xn--` by the URL parser).
 */
export function isSafeExternalUrl(candidate: string): boolean {
  if (candidate.length > MAX_EXTERNAL_URL_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  if (url.username !== '' || url.password !== '') return false;
  const host = url.hostname.replace(/\.$/, '');
  if (host === '' || SINGLE_LABEL_OR_IP.test(host)) return false;
  const labels = host.split('.');
  if (labels.some((label) => label === '' || label.startsWith('xn--'))) return false;
  return !LOCAL_SUFFIXES.has(labels.at(-1)?.toLowerCase() ?? '');
}
