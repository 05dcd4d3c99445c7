/**
 * Keeps a streamed export honest about memory and responsive to cancel. The cache hands rows over synchronously, so
 * without pauses the whole file would pile up in stream buffers before a byte reached the disk; and the main process
 * must keep answering progress polls and a cancel while a million rows are written. A {@link WriteGuard} collects
 * the reasons to stop (the output failed, e.g. the disk is full; the user cancelled) and {@link waitForRoom} pauses
 * until the buffered bytes fall below a bound.
 */
import { once, type EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import { exportCancelled } from './export-errors';

/**
 * Bytes a stream may hold before the writer pauses for it. Small: every chunk waiting here outlives a young-generation
 * GC and is only freed by a full one, so a deep queue shows up as resident memory (the peak export memory in
 * docs/performance.md), while a batch of rows refills it faster than the zip empties it.
 */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** Why an export must stop, as a promise that rejects with the first reason, and a synchronous check. */
export class WriteGuard {
  private reason: unknown = null;
  private fail: (reason: unknown) => void = () => undefined;
  /** Rejects with the first failure or the cancel; never resolves. */
  readonly stopped: Promise<never>;

  constructor(signal?: AbortSignal) {
    this.stopped = new Promise<never>((_resolve, reject) => {
      this.fail = reject;
    });
    this.stopped.catch(() => undefined);
    if (signal?.aborted) this.stop(exportCancelled());
    signal?.addEventListener('abort', () => this.stop(exportCancelled()), { once: true });
  }

  /** Records a reason to stop (the first one wins). */
  stop(reason: unknown): void {
    if (this.reason !== null) return;
    this.reason = reason;
    this.fail(reason);
  }

  /** Watches a stream (or the zip engine) for errors. */
  watch(emitter: EventEmitter): void {
    emitter.on('error', (error: unknown) => this.stop(error));
  }

  /** Throws the reason to stop, if there is one. */
  check(): void {
    if (this.reason !== null) throw this.reason;
  }

  /** Waits for `work`, or rejects as soon as there is a reason to stop. */
  async race<T>(work: Promise<T>): Promise<T> {
    return Promise.race([work, this.stopped]);
  }
}

function bufferedBytes(stream: unknown): number {
  if (typeof stream !== 'object' || stream === null) return 0;
  if ('writableLength' in stream && typeof stream.writableLength === 'number') return stream.writableLength;
  // exceljs pipes worksheets into archiver's readable-stream PassThrough, which predates `writableLength`.
  const state: unknown = '_writableState' in stream ? stream._writableState : undefined;
  if (typeof state === 'object' && state !== null && 'length' in state && typeof state.length === 'number')
    return state.length;
  return 0;
}

/**
 * Lets the event loop run (so zip and file streams make progress, and IPC calls are answered), then waits while
 * `stream` holds more than a few megabytes, or rejects when the guard has a reason to stop.
 */
export async function waitForRoom(stream: Writable | EventEmitter | undefined, guard: WriteGuard): Promise<void> {
  await guard.race(new Promise<void>((resolve) => setImmediate(resolve)));
  while (stream && bufferedBytes(stream) > MAX_BUFFERED_BYTES) {
    await guard.race(once(stream, 'drain'));
  }
  guard.check();
}
