/**
 * One handler per contract channel, each a line into the core's parts. The type demands exactly the contract's
 * methods, so a channel added to `IPC_CONTRACT` does not compile until its handler is written here.
 */
import type { BridgeMethod, OutputOf, ParsedInputOf } from '../../shared/ipc-contract';
import type { AppCore } from '../app';

/** A handler: gets the parsed input; may throw AppError for an expected failure. */
export type Handler<M extends BridgeMethod> = (input: ParsedInputOf<M>) => Promise<OutputOf<M>> | OutputOf<M>;

/** The handler of every channel. */
export type IpcHandlers = { readonly [M in BridgeMethod]: Handler<M> };

/** The handlers over one app core. */
export function createIpcHandlers(core: AppCore): IpcHandlers {
  return {
    getAppInfo: () => core.app.info(),
    getDiagnostics: () => core.app.diagnostics(),

    getSession: () => core.session.status(),
    startDemo: () => core.session.startDemo(),
    endSession: () => core.session.end(),

    testConnection: (form) => core.accounts.testConnection(form),
    addAccount: (input) => core.accounts.addAccount(input),
    switchAccount: ({ accountId }) => core.accounts.switchAccount(accountId),
    reauthenticate: (input) => core.accounts.reauthenticate(input),
    signOut: (input) => core.accounts.signOut(input),
    renameAccount: (input) => core.accounts.rename(input),

    getExtraCa: ({ accountId }) => core.accounts.extraCa(accountId),
    trustExtraCa: (input) => core.accounts.trustExtraCa(input),
    removeExtraCa: ({ accountId }) => core.accounts.removeExtraCa(accountId),

    getProfile: () => core.profile.get(),

    querySales: (query) => core.sales.page(query),
    summarizeSales: (filter) => core.sales.summary(filter),
    salesSeries: (query) => core.sales.series(query),
    topSales: (query) => core.sales.top(query),
    salesFilterValues: (filter) => core.sales.filterValues(filter),
    salesChanges: (query) => core.sales.changes(query),
    saleHistory: (query) => core.sales.history(query),
    salesStatusAge: (filter) => core.sales.statusAge(filter),

    payoutReport: (range) => core.payouts.report(range),
    homePayouts: ({ from, to }) => core.payouts.home({ from, to }),
    exportClaimFile: () => core.payouts.exportClaimFile(),
    overdueSales: (query) => core.payouts.overdue(query),
    booksBridge: (range) => core.books.bridge(range),
    homeBridge: ({ from, to }) => core.books.homeBridge({ from, to }),
    closedMonths: () => core.books.closedMonths(),
    closeMonth: ({ month }) => core.books.close(month),
    reopenMonth: ({ month }) => core.books.reopen(month),
    adjustments: () => core.books.adjustments(),
    exportAdjustments: () => core.books.exportAdjustments(),
    yearSummary: (query) => core.payouts.year(query),
    exportYear: (query) => core.payouts.exportYear(query),
    homeYear: (query) => core.payouts.homeYear(query),
    exportLedger: (query) => core.payouts.exportLedger(query),
    previewBankStatement: (input) => core.bank.preview(input),
    matchBankStatement: (input) => core.bank.match(input),
    setBankMatch: (input) => core.bank.setMatch(input),
    exportBankMatch: (input) => core.bank.exportReport(input),
    accountsOverview: () => core.overview.accounts(),
    compareSales: (query) => core.compare.compare(query),
    exportComparison: (query) => core.compare.exportCsv(query),

    startSync: (request) => core.sync.start(request),
    startRoutineSync: () => core.sync.startRoutine(),
    recheckAllHistory: () => core.sync.recheckAllHistory(),
    cancelSync: () => core.sync.cancel(),
    getSyncStatus: () => core.sync.status(),

    getPreferences: () => core.preferences.get(),
    updatePreferences: (patch) => core.preferences.update(patch),

    getCacheInfo: () => core.app.cacheInfo(),
    clearCache: () => core.app.clearCache(),
    ratesStatus: () => core.rates.status(),
    importRates: (input) => core.rates.importFile(input),
    fetchRates: () => core.rates.fetch(),

    exportSales: (request) => core.export.exportSales(request),
    exportFreshness: (request) => core.export.freshness(request),
    getExportProgress: () => core.export.progress(),
    cancelExport: () => core.export.cancel(),

    // electronegativity-ignore: OPEN_EXTERNAL_JS_CHECK — core.desktop.openExternal applies the https-only link policy.
    openExternal: async ({ url }) => ({ url: await core.desktop.openExternal(url) }),
    showInFolder: ({ path }) => {
      core.desktop.showInFolder(path);
      return { shown: path };
    },
    openFile: async ({ path }) => {
      await core.desktop.openWrittenFile(path);
      return { opened: path };
    },
  };
}
