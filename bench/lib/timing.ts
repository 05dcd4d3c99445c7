/**
 * Small helpers the cases share: wall time of async work, the middle and the best of repeated runs (the best run is
 * the least disturbed by the other engineers' jobs on the same two cores), and progress lines on stderr.
 */

/** Runs `work` once and returns its wall time in ms with its value. */
export async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

/** The median of `values`. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The smallest of `values`. */
export function best(values: readonly number[]): number {
  return Math.min(...values);
}

/** A progress line on stderr (the runner prefixes it with the case name). */
export function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** Megabytes of a byte count. */
export function megabytes(bytes: number): number {
  return bytes / (1024 * 1024);
}
