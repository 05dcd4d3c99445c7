/**
 * The contract between the runner and a case. The runner prepares the shared databases, then starts one child
 * process per case (so each case's peak RSS is its own) and hands it a {@link CaseInput}.
 */
import type { CaseOutput } from './rows';

/** The account every generated database belongs to: a fixed UUID, so the app core can restore it as a real account. */
export const BENCH_ACCOUNT = '5f0c6a52-8d3e-4b1a-9c2f-3e4d5a6b7c8d';

/** Generated databases the runner shares between cases. */
export type DatasetName = 'large' | 'medium';

/** What a case gets from the runner. */
export interface CaseInput {
  case: string;
  /** Sales (or rows) the case works on. */
  size: number;
  quick: boolean;
  /** A fresh folder the case may fill; removed after the run. */
  workDir: string;
  /** Repository root (the child's working directory). */
  repoRoot: string;
  /** Paths of the shared databases the case asked for, each holding `datasetSizes[name]` sales of {@link BENCH_ACCOUNT}. */
  datasets: Partial<Record<DatasetName, string>>;
  datasetSizes: Partial<Record<DatasetName, number>>;
}

/** One benchmark case as the runner sees it; the work itself is `run` in `bench/cases/<name>.ts`, loaded by the child. */
export interface BenchCase {
  name: string;
  /** One line for `--help` and the docs. */
  what: string;
  /** Size at a full run and with `--quick`. */
  sizes: { full: number; quick: number };
  /** The shared database the case works on, if any; its size then is the case's size. */
  dataset?: DatasetName;
  /** Longest a run may take before the runner stops it, in seconds (full, quick). */
  timeoutSeconds: { full: number; quick: number };
  /** A command the child process is started through, e.g. scripts/with-keyring.sh for a private Secret Service. */
  wrapper?: string[];
}

/** What each `bench/cases/<name>.ts` exports. */
export type RunCase = (input: CaseInput) => Promise<CaseOutput>;
