/**
 * Walks every page of a sales report (TESTPLAN N6). The spec does not say how the last page is
 * marked, so the walk ends on the first of: `next_page` null/empty/absent, an empty page, a page
 * that adds no new reference, or a page shorter than the limit. References already seen are
 * dropped, so a server that repeats a page or over-fills one cannot duplicate a sale.
 */
import type { RecordWarning, Sale } from '../../shared/domain';
import type { SalesFilter } from './sales-params';
import type { ServiceClient } from './service-client';

/** Progress of a walk; `totalHint` is the server's estimate and never decides anything. */
export interface PageProgress {
  pages: number;
  records: number;
  totalHint: number | null;
}

/** One step of the walk: the new sales of a page and what could not be read. */
export interface PageBatch {
  sales: Sale[];
  warnings: RecordWarning[];
  progress: PageProgress;
}

/** Options of a walk. */
export interface WalkOptions {
  limit?: number;
  signal?: AbortSignal;
  /** Hard ceiling on pages, a last guard against a server that never ends. */
  maxPages?: number;
}

/** Yields each page's new sales until the report ends. */
export async function* walkSalesPages(client: ServiceClient, filter: SalesFilter, options: WalkOptions = {}): AsyncGenerator<PageBatch> {
  const limit = options.limit ?? 100;
  const maxPages = options.maxPages ?? 100_000;
  const seen = new Set<string>();
  const progress: PageProgress = { pages: 0, records: 0, totalHint: null };
  for (let page = 1; page <= maxPages; page += 1) {
    const parsed = await client.getSalesPage(filter, { page, limit }, options.signal);
    const fresh = parsed.sales.filter((s) => !seen.has(s.reference));
    for (const sale of fresh) seen.add(sale.reference);
    progress.pages += 1;
    progress.records += fresh.length;
    progress.totalHint = parsed.totalHint;
    yield { sales: fresh, warnings: parsed.warnings, progress: { ...progress } };
    const ended = parsed.nextPage === null || parsed.rawCount === 0 || parsed.rawCount < limit;
    if (ended || (fresh.length === 0 && parsed.warnings.length === 0)) return;
  }
}
