/**
 * Which frames may call the main process (TESTPLAN S6). Only the app's own page is trusted: in a
 * packaged build the renderer's index.html on disk, in development the dev server's origin, and in
 * the e2e test host its own loopback origin. A call with no sender URL is refused.
 */
export type TrustedRenderer = { kind: 'file'; indexPath: string } | { kind: 'origin'; origin: string };

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** True when a call whose frame shows `senderUrl` comes from the app's own renderer. */
export function isTrustedSender(senderUrl: string | null | undefined, trusted: TrustedRenderer): boolean {
  if (!senderUrl) return false;
  const url = parse(senderUrl);
  if (!url) return false;
  if (trusted.kind === 'file') {
    if (url.protocol !== 'file:' || url.host !== '') return false;
    const expected = parse(`file://${trusted.indexPath.startsWith('/') ? '' : '/'}${trusted.indexPath.replaceAll('\\', '/')}`);
    return expected !== null && decodeURIComponent(url.pathname) === decodeURIComponent(expected.pathname);
  }
  const origin = parse(trusted.origin);
  return origin !== null && url.origin === origin.origin && (url.protocol === 'http:' || url.protocol === 'https:');
}
