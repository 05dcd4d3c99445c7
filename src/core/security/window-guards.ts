/**
 * The guards every web contents gets (S1, S4), attached through a small seam instead of
 * Electron's WebContents type so a Node test can fire each event and see what the guard did. The
 * Electron glue adapts a real WebContents to {@link GuardedContents} for every contents the app
 * creates (`web-contents-created`), so a window added later cannot forget them.
 */
import { isAllowedNavigation } from './navigation-policy';
import type { TrustedRenderer } from './trusted-sender';

/** The part of an Electron event a guard uses. */
export interface Preventable {
  preventDefault(): void;
}

/** The events and hooks of one web contents that the guards need. */
export interface GuardedContents {
  onWillNavigate(listener: (event: Preventable, url: string) => void): void;
  onWillRedirect(listener: (event: Preventable, url: string) => void): void;
  onWillFrameNavigate(listener: (event: Preventable, url: string) => void): void;
  onWillAttachWebview(listener: (event: Preventable) => void): void;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/** What the guards need from the host. */
export interface WindowGuardDeps {
  trusted: TrustedRenderer;
  /** Told about every refused navigation, for the log. */
  onBlocked?: (what: 'navigation' | 'redirect' | 'frame-navigation' | 'webview' | 'window-open') => void;
}

/** Attaches every guard to `contents`. */
export function attachWindowGuards(contents: GuardedContents, deps: WindowGuardDeps): void {
  const blockUnlessOwn =
    (what: 'navigation' | 'redirect' | 'frame-navigation') => (event: Preventable, url: string) => {
      if (isAllowedNavigation(url, deps.trusted)) return;
      event.preventDefault();
      deps.onBlocked?.(what);
    };
  contents.onWillNavigate(blockUnlessOwn('navigation'));
  contents.onWillRedirect(blockUnlessOwn('redirect'));
  contents.onWillFrameNavigate(blockUnlessOwn('frame-navigation'));
  contents.onWillAttachWebview((event) => {
    event.preventDefault();
    deps.onBlocked?.('webview');
  });
  // The app never opens a window, and a page cannot send the person to the browser by itself: the app's own links
  // call the desktop actions' openExternal when clicked.
  contents.setWindowOpenHandler(() => {
    deps.onBlocked?.('window-open');
    return { action: 'deny' };
  });
}
