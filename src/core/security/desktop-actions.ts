/**
 * The two ways the renderer can reach outside the app (S4): open a link in the user's
 * browser, and show a file in the file manager. Both go through one policy each: links must pass
 * {@link isSafeExternalUrl} (parsed, https only) and the normalised URL is what gets opened, so a
 * string that parses differently twice cannot slip through; a file may be shown only if this app
 * run wrote it (an export), so a compromised renderer cannot probe or reveal arbitrary paths. Opening a file in its
 * default app is narrower still: only the file the last export wrote, and only a spreadsheet or CSV, so nothing else
 * on the computer can be launched through it.
 */
import { existsSync } from 'node:fs';
import { extname, isAbsolute, resolve } from 'node:path';
import { AppError } from '../../shared/errors';
import { isSafeExternalUrl } from './navigation-policy';

/** The desktop integration the host provides: Electron's `shell` in the app, a recorder elsewhere. */
export interface DesktopShell {
  openExternal(url: string): Promise<void>;
  showItemInFolder(path: string): void;
  /** Opens a file in the app the system associates with it; resolves to an error text, empty on success (Electron's shell.openPath). */
  openPath?(path: string): Promise<string>;
}

/** The policy-checked actions the IPC handlers and the window guards call. */
export interface DesktopActions {
  /** Opens an https link in the browser; returns the URL as opened. Throws INSECURE_URL otherwise. */
  openExternal(url: string): Promise<string>;
  /** Shows a file this app run wrote. Throws INVALID_INPUT for any other path, NOT_FOUND when it is gone. */
  showInFolder(path: string): void;
  /** Opens the file the last export wrote in its default app. Throws INVALID_INPUT for any other path, NOT_FOUND when it is gone. */
  openWrittenFile(path: string): Promise<void>;
  /** Remembers a file the app wrote, so it may be shown (and, the latest one, opened) later. */
  rememberWrittenFile(path: string): void;
}

/** A {@link DesktopShell} that only records, for the test host, the headless command and tests. */
export interface RecordingShell extends DesktopShell {
  readonly opened: string[];
  readonly shown: string[];
  readonly openedFiles: string[];
}

/** How many written files are remembered; the oldest are forgotten first. */
const MAX_REMEMBERED_FILES = 200;

/** Creates a shell that opens nothing and records what it was asked to do. */
export function createRecordingShell(): RecordingShell {
  const opened: string[] = [];
  const shown: string[] = [];
  const openedFiles: string[] = [];
  return {
    opened,
    shown,
    openedFiles,
    openExternal: async (url) => {
      opened.push(url);
    },
    showItemInFolder: (path) => {
      shown.push(path);
    },
    openPath: async (path) => {
      openedFiles.push(path);
      return '';
    },
  };
}

function normalisedPath(path: string): string | null {
  if (path.includes('\0') || !isAbsolute(path)) return null;
  return resolve(path);
}

/** Extensions of the files the app writes, the only ones it opens. */
const OPENABLE = new Set(['.xlsx', '.csv']);

/** Builds the actions over `shell`. */
export function createDesktopActions(shell: DesktopShell): DesktopActions {
  const written = new Set<string>();
  let latest: string | null = null;
  return {
    async openExternal(url) {
      if (!isSafeExternalUrl(url)) {
        throw new AppError(
          'INSECURE_URL',
          'Only secure web links (https) open in your browser; this link was not opened.',
        );
      }
      const href = new URL(url).href;
      // electronegativity-ignore: OPEN_EXTERNAL_JS_CHECK — this is the policy: the URL passed isSafeExternalUrl just above.
      await shell.openExternal(href);
      return href;
    },
    showInFolder(path) {
      const file = normalisedPath(path);
      if (file === null || !written.has(file)) {
        throw new AppError('INVALID_INPUT', 'Commission Desk shows only files it saved itself in this session.');
      }
      if (!existsSync(file))
        throw new AppError('NOT_FOUND', 'That file is no longer there; it may have been moved or deleted.');
      shell.showItemInFolder(file);
    },
    async openWrittenFile(path) {
      const file = normalisedPath(path);
      if (file === null || file !== latest || !OPENABLE.has(extname(file).toLowerCase())) {
        throw new AppError('INVALID_INPUT', 'Commission Desk opens only the file its last export wrote.');
      }
      if (!existsSync(file))
        throw new AppError('NOT_FOUND', 'That file is no longer there; it may have been moved or deleted.');
      if (!shell.openPath)
        throw new AppError(
          'INVALID_INPUT',
          'Opening files is not available here. Use “Show in folder” and open it from there.',
        );
      const failure = await shell.openPath(file);
      if (failure !== '')
        throw new AppError(
          'NOT_FOUND',
          `The file could not be opened (${failure.slice(0, 200)}). Use “Show in folder” and open it from there.`,
        );
    },
    rememberWrittenFile(path) {
      const file = normalisedPath(path);
      if (file === null) return;
      latest = file;
      written.delete(file);
      written.add(file);
      if (written.size > MAX_REMEMBERED_FILES) {
        const oldest = written.values().next();
        if (!oldest.done) written.delete(oldest.value);
      }
    },
  };
}
