/**
 * The allowlist of IPC channels: bridge method name -> `domain:verb` channel. The preload builds
 * exactly one bridge method per entry and nothing else, so this table is the whole surface the
 * renderer can reach. Kept free of imports so the sandboxed preload bundle stays tiny.
 */
export const CHANNELS = {
  getAppInfo: 'app:info',
  getSession: 'session:status',
  startDemo: 'session:startDemo',
  endSession: 'session:end',
  testConnection: 'accounts:testConnection',
  addAccount: 'accounts:add',
  switchAccount: 'accounts:switch',
  reauthenticate: 'accounts:reauthenticate',
  signOut: 'accounts:signOut',
  getProfile: 'profile:get',
  listSales: 'sales:list',
  querySales: 'sales:query',
  summarizeSales: 'sales:summary',
  salesSeries: 'sales:series',
  topSales: 'sales:top',
  salesFilterValues: 'sales:filterValues',
  salesChanges: 'sales:changes',
  startSync: 'sync:start',
  cancelSync: 'sync:cancel',
  getSyncStatus: 'sync:status',
  getPreferences: 'prefs:get',
  updatePreferences: 'prefs:update',
  getCacheInfo: 'cache:info',
  clearCache: 'cache:clear',
  exportSales: 'export:sales',
  getExportProgress: 'export:progress',
  cancelExport: 'export:cancel',
  openExternal: 'shell:openExternal',
  showInFolder: 'shell:showInFolder',
  getDiagnostics: 'app:diagnostics',
} as const;

/** A bridge method name. */
export type BridgeMethod = keyof typeof CHANNELS;

/** A channel string. */
export type Channel = (typeof CHANNELS)[BridgeMethod];

/** The name the bridge object is exposed under in the renderer's main world. */
export const BRIDGE_KEY = 'commissionDesk';
