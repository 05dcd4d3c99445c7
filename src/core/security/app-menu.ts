/**
 * The app's own menu (S16). Electron's default menu and its `viewMenu` role carry "Reload" and
 * "Toggle Developer Tools"; this template lists its items one by one, so a production build has
 * only editing, zoom, full screen, window and quit, and the developer items exist in development
 * only. Kept as plain data so a Node test can read it; the glue hands it to Menu.buildFromTemplate.
 */

/** The Electron menu roles this menu uses. */
export type AppMenuRole =
  | 'about'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'minimize'
  | 'zoom'
  | 'close'
  | 'reload'
  | 'forceReload'
  | 'toggleDevTools';

/** One entry of the template: a role, a separator, or a titled submenu. */
export type AppMenuItem = { role: AppMenuRole } | { type: 'separator' } | { label: string; submenu: AppMenuItem[] };

/** What decides the menu's shape. */
export interface AppMenuOptions {
  /** process.platform: macOS gets the application menu named after the app. */
  platform: string;
  development: boolean;
  appName: string;
}

/** The roles only a developer needs: a production menu never has them. */
export const DEVELOPER_ROLES: readonly AppMenuRole[] = ['reload', 'forceReload', 'toggleDevTools'];

const separator: AppMenuItem = { type: 'separator' };
const roles = (...names: AppMenuRole[]): AppMenuItem[] => names.map((role) => ({ role }));

/** The menu template for the app. */
export function appMenuTemplate(options: AppMenuOptions): AppMenuItem[] {
  const mac = options.platform === 'darwin';
  const first: AppMenuItem = mac
    ? {
        label: options.appName,
        submenu: [...roles('about'), separator, ...roles('hide', 'hideOthers', 'unhide'), separator, ...roles('quit')],
      }
    : { label: 'File', submenu: roles('quit') };
  const edit: AppMenuItem = {
    label: 'Edit',
    submenu: [...roles('undo', 'redo'), separator, ...roles('cut', 'copy', 'paste', 'selectAll')],
  };
  const developer = options.development ? [separator, ...roles(...DEVELOPER_ROLES)] : [];
  const view: AppMenuItem = {
    label: 'View',
    submenu: [...roles('resetZoom', 'zoomIn', 'zoomOut'), separator, ...roles('togglefullscreen'), ...developer],
  };
  const window: AppMenuItem = {
    label: 'Window',
    submenu: mac ? roles('minimize', 'zoom', 'close') : roles('minimize', 'close'),
  };
  return [first, edit, view, window];
}

/** Every role anywhere in a template, for tests and checks. */
export function menuRoles(template: readonly AppMenuItem[]): AppMenuRole[] {
  return template.flatMap((item) => ('role' in item ? [item.role] : 'submenu' in item ? menuRoles(item.submenu) : []));
}
