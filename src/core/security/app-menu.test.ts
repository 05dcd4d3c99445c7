import { describe, expect, it } from 'vitest';
import { appMenuTemplate, DEVELOPER_ROLES, menuRoles, type AppMenuItem } from './app-menu';

const labels = (template: AppMenuItem[]) => template.map((item) => ('label' in item ? item.label : null));

describe('the app’s menu', () => {
  it('S16: a production menu on every platform has no DevTools, reload or other developer item', () => {
    for (const platform of ['darwin', 'win32', 'linux']) {
      const roles = menuRoles(appMenuTemplate({ platform, development: false, appName: 'Commission Desk' }));
      for (const role of DEVELOPER_ROLES) expect(roles, platform).not.toContain(role);
      expect(roles).toEqual(expect.arrayContaining(['quit', 'copy', 'paste', 'selectAll', 'zoomIn', 'minimize']));
    }
  });

  it('S16: development adds DevTools and reload under View, and only there', () => {
    const template = appMenuTemplate({ platform: 'linux', development: true, appName: 'Commission Desk' });
    const view = template.find((item) => 'label' in item && item.label === 'View');
    expect(view && 'submenu' in view ? menuRoles(view.submenu) : []).toEqual(
      expect.arrayContaining(['toggleDevTools', 'reload', 'forceReload']),
    );
    expect(menuRoles(template).filter((role) => role === 'toggleDevTools')).toHaveLength(1);
  });

  it('S16: macOS gets the application menu named after the app; Windows and Linux a File menu', () => {
    expect(labels(appMenuTemplate({ platform: 'darwin', development: false, appName: 'Commission Desk' }))).toEqual([
      'Commission Desk',
      'Edit',
      'View',
      'Window',
    ]);
    expect(labels(appMenuTemplate({ platform: 'win32', development: false, appName: 'Commission Desk' }))).toEqual([
      'File',
      'Edit',
      'View',
      'Window',
    ]);
  });
});
