/**
 * Maps a request on the app's scheme to one file under the renderer folder, or refuses it (S10).
 * The scheme's URL parser already folds `..` and `%2e%2e` segments, but an encoded slash or
 * backslash, a NUL, a drive letter or an absolute path could still point outside the folder once
 * decoded, so every decoded segment is checked and the joined path must stay under the folder.
 * The path functions are a parameter so a test can check Windows paths on any system.
 */
import * as nodePath from 'node:path';
import { APP_HOST, APP_SCHEME } from './app-scheme';

/** The part of node:path the resolver uses (posix or win32). */
export type PathApi = Pick<typeof nodePath, 'resolve' | 'relative' | 'isAbsolute' | 'sep'>;

/** Why a request was refused, for the log. */
export type RefusalReason = 'not-the-app' | 'bad-url' | 'bad-segment' | 'outside-folder' | 'unknown-type';

/** A file to serve with its content type, or a refusal with the status to answer. */
export type RendererFileAnswer =
  { kind: 'file'; path: string; contentType: string } | { kind: 'refused'; status: 400 | 404; reason: RefusalReason };

/** The only kinds of file the renderer build contains; anything else is not served. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  txt: 'text/plain; charset=utf-8',
};

const MAX_URL_LENGTH = 2048;
/** Separators and a drive or stream colon; control characters (NUL among them) are checked by code. */
const FORBIDDEN_IN_SEGMENT = /[/\\:]/;

function hasControlCharacter(name: string): boolean {
  for (let i = 0; i < name.length; i += 1) {
    const code = name.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
/** Names Windows opens as devices in any folder. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d|conin\$|conout\$)(\..*)?$/i;

const refused = (status: 400 | 404, reason: RefusalReason): RendererFileAnswer => ({ kind: 'refused', status, reason });

function parse(requestUrl: string): URL | null {
  if (requestUrl.length > MAX_URL_LENGTH) return null;
  try {
    return new URL(requestUrl);
  } catch {
    return null;
  }
}

/** The decoded path segments, or null when one could name something outside the folder. */
function safeSegments(pathname: string): string[] | null {
  const raw = pathname === '/' ? ['index.html'] : pathname.slice(1).split('/');
  const decoded: string[] = [];
  for (const segment of raw) {
    let name: string;
    try {
      name = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (
      name === '' ||
      name.startsWith('.') ||
      FORBIDDEN_IN_SEGMENT.test(name) ||
      hasControlCharacter(name) ||
      WINDOWS_DEVICE.test(name)
    )
      return null;
    decoded.push(name);
  }
  return decoded;
}

/** Resolves `requestUrl` (an `app://commission-desk/…` URL) to a file under `rendererRoot`, an absolute path. */
export function resolveRendererFile(
  requestUrl: string,
  rendererRoot: string,
  path: PathApi = nodePath,
): RendererFileAnswer {
  const url = parse(requestUrl);
  if (!url) return refused(400, 'bad-url');
  if (
    url.protocol !== `${APP_SCHEME}:` ||
    url.host.toLowerCase() !== APP_HOST ||
    url.username !== '' ||
    url.password !== ''
  )
    return refused(404, 'not-the-app');
  if (!path.isAbsolute(rendererRoot)) throw new Error('The renderer folder must be an absolute path.');
  const segments = safeSegments(url.pathname);
  if (!segments) return refused(400, 'bad-segment');
  const root = path.resolve(rendererRoot);
  const file = path.resolve(root, ...segments);
  const inside = path.relative(root, file);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return refused(400, 'outside-folder');
  const extension = /\.([a-z0-9]+)$/i.exec(segments.at(-1) ?? '')?.[1]?.toLowerCase() ?? '';
  const contentType = CONTENT_TYPES[extension];
  return contentType ? { kind: 'file', path: file, contentType } : refused(404, 'unknown-type');
}
