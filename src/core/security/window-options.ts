/**
 * The web preferences every window gets (S1, S14, S16), kept as a pure value so a Node test can
 * prove each setting without starting Electron.
 */
export interface SecureWebPreferences {
  preload: string;
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  experimentalFeatures: false;
  enableBlinkFeatures: '';
  webviewTag: false;
  navigateOnDragDrop: false;
  /** Off: Chromium's spellchecker would download its dictionaries from Google's servers (S14). */
  spellcheck: false;
  /** DevTools exist only in development (S16). */
  devTools: boolean;
}

/** Where the window runs: only development gets DevTools. */
export interface WindowMode {
  development: boolean;
}

/** Builds the locked-down web preferences for a window that loads `preloadPath`. */
export function secureWebPreferences(preloadPath: string, mode: WindowMode): SecureWebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    enableBlinkFeatures: '',
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    devTools: mode.development,
  };
}

/**
 * The Content-Security-Policy of the renderer (S3): only the app's own scripts, no inline script,
 * no eval. Styles allow inline because Mantine injects style tags; images allow https for the
 * profile's avatar and cover. The renderer's index.html carries it in a meta tag (a test keeps the
 * two equal), which also covers the dev server; the app:// scheme sends it as a header as well.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https: data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
