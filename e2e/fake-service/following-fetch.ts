/**
 * A transport that treats redirects the way Electron's `net.fetch` and Node's own fetch do (S11): it follows them,
 * credential headers included, unless the init says `redirect: 'error'` (it then refuses without contacting the new
 * address) or `'manual'` (it hands the redirect back). The app's Node transport never follows, so without this a test
 * could not tell whether the client asks its transport not to follow.
 */
import type { FetchLike } from '../../src/core/service';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_HOPS = 5;

/** The init for the next hop: a 303, or a 301/302 of a POST, becomes a GET without a body, as fetch does. */
function nextInit(init: RequestInit, status: number): RequestInit {
  const method = (init.method ?? 'GET').toUpperCase();
  if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
    const headers = new Headers(init.headers);
    headers.delete('content-type');
    return { ...init, method: 'GET', body: null, headers };
  }
  return init;
}

/** Wraps `https` (for https: addresses); plain http: addresses go through Node's own fetch. */
export function createFollowingFetch(https: FetchLike): FetchLike {
  const hop = (url: string, init: RequestInit): Promise<Response> =>
    new URL(url).protocol === 'http:' ? fetch(url, { ...init, redirect: 'manual' }) : https(url, init);
  return async (input, init) => {
    let url = input;
    let current = init;
    for (let hops = 0; ; hops += 1) {
      const response = await hop(url, current);
      const location = response.headers.get('location');
      if (!REDIRECTS.has(response.status) || location === null || current.redirect === 'manual') return response;
      await response.body?.cancel();
      if (current.redirect === 'error')
        throw new TypeError('fetch failed', { cause: new Error('unexpected redirect') });
      if (hops >= MAX_HOPS) throw new TypeError('fetch failed', { cause: new Error('redirect count exceeded') });
      url = new URL(location, url).href;
      current = nextInit(current, response.status);
    }
  };
}
