/**
 * The app's one export at a time, with progress the renderer polls (like the sync status) and a cancel that stops
 * the writer between two batches of rows. A second export while one runs is refused with a sentence, rather than
 * two writers competing for the disk and the user's attention.
 */
import { AppError } from '../../shared/errors';
import type { ExportFormat } from '../../shared/export-presets';
import type { ExportProgress } from '../../shared/ipc-contract';

const IDLE: ExportProgress = {
  state: 'idle',
  phase: null,
  format: null,
  fileName: null,
  rowsWritten: 0,
  totalRows: 0,
  startedAt: null,
  finishedAt: null,
};

/** Progress and cancel of the app's exports. */
export interface ExportTracker {
  /** Reserves the exporter (before the save dialog); throws when an export is already under way. */
  claim(): AbortSignal;
  /** Gives the reservation back without a run (the save dialog was cancelled). */
  release(): void;
  /** The file is chosen and the rows are counted: the run begins. */
  begin(format: ExportFormat, fileName: string): void;
  started(totalRows: number): void;
  progress(rowsWritten: number, phase: NonNullable<ExportProgress['phase']>): void;
  finish(state: 'completed' | 'cancelled' | 'failed'): void;
  /** Asks the running export to stop; returns the progress as it is. */
  cancel(): ExportProgress;
  status(): ExportProgress;
}

/** Creates the tracker; `now` is the clock for the start and finish times. */
export function createExportTracker(now: () => Date = () => new Date()): ExportTracker {
  let current: ExportProgress = IDLE;
  let controller: AbortController | null = null;
  return {
    claim() {
      if (controller !== null)
        throw new AppError('INVALID_INPUT', 'An export is already running. Wait for it to finish or cancel it first.');
      controller = new AbortController();
      return controller.signal;
    },
    release() {
      controller = null;
    },
    begin(format, fileName) {
      current = { ...IDLE, state: 'running', phase: 'rows', format, fileName, startedAt: now().toISOString() };
    },
    started(totalRows) {
      current = { ...current, totalRows };
    },
    progress(rowsWritten, phase) {
      current = { ...current, rowsWritten, phase };
    },
    finish(state) {
      current = { ...current, state, phase: null, finishedAt: now().toISOString() };
      controller = null;
    },
    cancel() {
      controller?.abort();
      return current;
    },
    status: () => current,
  };
}
