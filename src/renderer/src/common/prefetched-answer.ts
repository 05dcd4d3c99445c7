/**
 * A request sent before the code that needs it runs (at start, or as soon as its inputs are known), so its answer
 * travels meanwhile. Whoever takes it gets the promise, or, when the answer has arrived, the answer itself, so a
 * component can be drawn with it at once instead of with a loading state first. Taking it, and asking again after
 * that, is the owner's business (`start-requests.ts`, `sales/first-rows.ts`).
 */

/** An answer asked for ahead. */
export interface PrefetchedAnswer<T> {
  readonly promise: Promise<T>;
  /** The answer once it has arrived; undefined before. */
  arrived(): T | undefined;
}

/** Follows `promise` (one that never rejects, as the bridge's calls never do) so its value can be read once there. */
export function prefetchedAnswer<T>(promise: Promise<T>): PrefetchedAnswer<T> {
  let value: { answer: T } | undefined;
  // Registered first, so the value is there by the time any later `then` of the same promise runs.
  void promise.then(
    (answer) => {
      value = { answer };
    },
    () => undefined,
  );
  return { promise, arrived: () => value?.answer };
}
