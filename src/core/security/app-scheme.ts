/**
 * The app's own `app://` scheme (S10). The packaged renderer is served from `app://commission-desk/`
 * instead of `file://`, so the page has a real origin that does not depend on where the app was
 * installed, and the file protocol needs none of its extra privileges. The values here are plain
 * data the Electron glue passes to `protocol.registerSchemesAsPrivileged` and `protocol.handle`.
 */

/** The scheme name, without the colon. */
export const APP_SCHEME = 'app';
/** The one host the scheme answers for. */
export const APP_HOST = 'commission-desk';
/** The renderer's origin as Chromium reports it for a standard scheme. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The page the window loads in a packaged or previewed build. */
export const APP_PAGE_URL = `${APP_ORIGIN}/index.html`;

/** The privileges the scheme is registered with, before the app is ready. */
export interface AppSchemePrivileges {
  /** Parsed like http: relative URLs, a host and an origin of its own. */
  standard: true;
  /** Treated like https: a secure context, no mixed-content exceptions needed. */
  secure: true;
  /** The page's own fetch() may read its files (module scripts and assets). */
  supportFetchAPI: true;
  /** Compiled scripts are cached like those of an https page. */
  codeCache: true;
  /** The page's CSP applies to everything it loads. */
  bypassCSP: false;
  allowServiceWorkers: false;
  corsEnabled: false;
  stream: false;
  allowExtensions: false;
}

/** The scheme as `protocol.registerSchemesAsPrivileged` takes it. */
export const APP_SCHEME_REGISTRATION: { scheme: string; privileges: AppSchemePrivileges } = {
  scheme: APP_SCHEME,
  privileges: {
    standard: true,
    secure: true,
    supportFetchAPI: true,
    codeCache: true,
    bypassCSP: false,
    allowServiceWorkers: false,
    corsEnabled: false,
    stream: false,
    allowExtensions: false,
  },
};
