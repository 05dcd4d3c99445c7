/**
 * export: every sale of the account written to .xlsx through the app's exporter (`exportFromCache`: count, read-only
 * snapshot, styled Sales sheet, Summary and About sheets, atomic rename), against exceljs's streaming writer fed the
 * same rows from the same cache iterator, default columns, no styles, one sheet. Each export runs in a process of its
 * own (`bench/lib/export-child.ts`), alternating exporter and baseline, so the exporter's peak RSS is its own: the
 * baseline writes its rows without pausing for the zip, so its buffers would otherwise count as the exporter's. A full
 * run repeats both and keeps the best time of each.
 *
 * export-1m (see `export-1m.ts`) runs the same comparison on the million-sale database.
 */
import { join } from 'node:path';
import type { CaseInput, RunCase } from '../lib/case';
import type { ExportChildResult } from '../lib/export-child';
import { runJsonChild } from '../lib/json-child';
import { atMost, count, ratioAtMost, type CaseOutput } from '../lib/rows';
import { best, megabytes, progress } from '../lib/timing';

/** Runs one export (`app`: the app's exporter; `plain`: the baseline) in a process of its own and reads its result. */
export async function exportInChild(
  repoRoot: string,
  which: 'app' | 'plain',
  dbPath: string,
  targetPath: string,
): Promise<ExportChildResult> {
  return runJsonChild<ExportChildResult>(repoRoot, 'bench/lib/export-child.ts', [which, dbPath, targetPath]);
}

/** What the two export cases measure, on their database. */
export interface ExportComparison {
  dbPath: string;
  rounds: number;
  /** Peak RSS the exporter's process may reach, in MB. */
  rssLimitMb: number;
  ratioLimit: number;
}

/** Alternates the app's exporter and the baseline, each in its own process, and compares the best time of each. */
export async function compareExports(
  input: CaseInput,
  plan: ExportComparison,
): Promise<{ output: CaseOutput; app: ExportChildResult[] }> {
  const app: ExportChildResult[] = [];
  const plain: ExportChildResult[] = [];
  for (let round = 0; round < plan.rounds; round++) {
    const written = await exportInChild(input.repoRoot, 'app', plan.dbPath, join(input.workDir, `app-${round}.xlsx`));
    if (written.rows !== input.size) throw new Error(`the exporter wrote ${written.rows} rows, not ${input.size}`);
    app.push(written);
    progress(
      `round ${round + 1}: app exporter ${written.ms.toFixed(0)} ms (${megabytes(written.bytes).toFixed(1)} MB file), peak RSS ${written.peakRssMb.toFixed(0)} MB`,
    );
    const baseline = await exportInChild(
      input.repoRoot,
      'plain',
      plan.dbPath,
      join(input.workDir, `plain-${round}.xlsx`),
    );
    if (baseline.rows !== input.size) throw new Error(`the baseline wrote ${baseline.rows} rows, not ${input.size}`);
    plain.push(baseline);
    progress(
      `round ${round + 1}: exceljs streaming writer ${baseline.ms.toFixed(0)} ms, peak RSS ${baseline.peakRssMb.toFixed(0)} MB`,
    );
  }
  const appPeak = Math.max(...app.map((r) => r.peakRssMb));
  const plainPeak = Math.max(...plain.map((r) => r.peakRssMb));
  const output: CaseOutput = {
    size: `${count(input.size)} sales`,
    rows: [
      ratioAtMost(
        'export time',
        best(app.map((r) => r.ms)) / 1000,
        's',
        best(plain.map((r) => r.ms)) / 1000,
        plan.ratioLimit,
      ),
      atMost('peak RSS after the exporter', appPeak, 'MB', plan.rssLimitMb),
    ],
    notes: [
      'baseline = exceljs streaming WorkbookWriter, same rows from the same cache iterator, default columns, no styles, one sheet.',
      `each export runs in a process of its own (Node and the app core bundled as it ships, cache opened), exporter and baseline alternating, ${plan.rounds} of each, best time of each compared; peak RSS after the exporter = the largest maxRSS of the exporter's processes (the baseline's: ${plainPeak.toFixed(0)} MB, it does not pause for the zip).`,
    ],
  };
  return { output, app };
}

export const run: RunCase = async (input) => {
  const dbPath = input.datasets.medium;
  if (dbPath === undefined) throw new Error('export needs the medium database');
  const { output } = await compareExports(input, {
    dbPath,
    rounds: input.quick ? 1 : 2,
    rssLimitMb: 250,
    ratioLimit: 1.2,
  });
  return output;
};
