/**
 * The Electron-free heart of the main process: everything the IPC handlers call. Built from
 * injected dependencies (clock, save-path chooser, logger), so the Electron app and the e2e test
 * host run the same code and tests can hand it real local parts.
 */
import type { Profile } from '../../shared/domain';
import type { AppInfo, ExportRequest, ExportResult, SalesPage, SalesQuery, SessionStatus } from '../../shared/ipc-contract';
import { writeSalesXlsx } from '../export/sales-xlsx';
import type { Logger } from '../log/logger';
import { walkSalesPages } from '../service/page-iterator';
import { SessionState } from './session-state';

/** What the core needs from its host. */
export interface AppCoreDeps {
  appVersion: string;
  /** Today as the user's local calendar day, `yyyy-mm-dd`. */
  today: () => string;
  /** Asks where to save an export; null when the user cancelled. */
  chooseExportPath: (proposedName: string) => Promise<string | null>;
  logger: Logger;
}

/** The operations the IPC domains expose. */
export interface AppCore {
  appInfo(): AppInfo;
  session: SessionState;
  getProfile(): Promise<Profile>;
  listSales(query: SalesQuery): Promise<SalesPage>;
  exportSales(request: ExportRequest): Promise<ExportResult>;
  getSession(): SessionStatus;
}

function fileSafe(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'account';
}

/** Builds the core for one app run. */
export function createAppCore(deps: AppCoreDeps): AppCore {
  const session = new SessionState(deps.today);

  async function exportSales(request: ExportRequest): Promise<ExportResult> {
    const status = session.status();
    const label = status.kind === 'none' ? 'account' : status.label;
    const proposed = `commission-desk-${fileSafe(label)}-${request.startDate}-to-${request.endDate}.xlsx`;
    const client = session.client();
    const filePath = await deps.chooseExportPath(proposed);
    if (filePath === null) return { filePath: null, rowCount: 0, warningCount: 0 };
    let warningCount = 0;
    async function* sales() {
      for await (const batch of walkSalesPages(client, request, { limit: 100 })) {
        warningCount += batch.warnings.length;
        yield* batch.sales;
      }
    }
    const rowCount = await writeSalesXlsx(filePath, sales());
    deps.logger.info('export.written', { rowCount, warningCount });
    return { filePath, rowCount, warningCount };
  }

  return {
    appInfo: () => ({ name: 'Commission Desk', version: deps.appVersion }),
    session,
    getSession: () => session.status(),
    getProfile: async () => session.client().getProfile(),
    async listSales(query) {
      const { page, limit, ...filter } = query;
      const parsed = await session.client().getSalesPage(filter, { page, limit });
      return {
        sales: parsed.sales,
        page,
        limit,
        hasMore: parsed.nextPage !== null && parsed.rawCount >= limit,
        totalHint: parsed.totalHint,
        warnings: parsed.warnings,
      };
    },
    exportSales,
  };
}
