/**
 * Which frames may call the main process (S6, S10). Only the app's own page is trusted, by its
 * origin: in a packaged or previewed build `app://commission-desk` (the same wherever the app is
 * installed), in development the dev server's origin, and in the e2e test host its own loopback
 * origin. A file:// page is never trusted, and a call with no sender URL is refused.
 */
export type TrustedRenderer = { kind: 'origin'; origin: string };

/** Schemes whose origin can be trusted: the app's own, and http(s) for the dev server and test host. */
const ORIGIN_SCHEMES = new Set(['app:', 'http:', 'https:']);

/**
 * The origin of a URL as Chromium computes it, or null. Node's URL gives `null` as the origin of
 * a scheme it does not know (such as `app:`), so it is built from the scheme, host and port here.
 */
export function originOf(candidate: string | null | undefined): string | null {
  if (!candidate) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (!ORIGIN_SCHEMES.has(url.protocol) || url.host === '' || url.username !== '' || url.password !== '') return null;
  return `${url.protocol}//${url.host.toLowerCase()}`;
}

/** True when a call whose frame shows `senderUrl` comes from the app's own renderer. */
export function isTrustedSender(senderUrl: string | null | undefined, trusted: TrustedRenderer): boolean {
  const expected = originOf(trusted.origin);
  return expected !== null && originOf(senderUrl) === expected;
}
