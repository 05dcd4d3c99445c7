/**
 * The built command carries its packages' code in one file, outside node_modules, and there Node warns whoever runs it
 * about those packages' `new Buffer()` calls (DEP0005): a warning for the packages' authors, which Node itself keeps
 * quiet while the same code runs from node_modules (as it does through tsx and in the app). In the bundle only, that
 * one warning is dropped; every other warning is printed as usual.
 */

/** The code of `process.emitWarning`'s arguments: (warning, type, code) or (warning, { code }), or an Error's own. */
function codeOf(args: readonly unknown[]): unknown {
  const [warning, second, third] = args;
  if (typeof second === 'string') return third;
  if (typeof second === 'object' && second !== null && 'code' in second) return second.code;
  return warning instanceof Error && 'code' in warning ? warning.code : undefined;
}

/** Drops DEP0005 from `target`'s warnings when `bundled`. */
export function quietBundledBufferWarning(target: Pick<NodeJS.Process, 'emitWarning'>, bundled: boolean): void {
  if (!bundled) return;
  const emit = target.emitWarning.bind(target) as (...args: unknown[]) => void;
  const filtered = (...args: unknown[]): void => {
    if (codeOf(args) !== 'DEP0005') emit(...args);
  };
  target.emitWarning = filtered as NodeJS.Process['emitWarning'];
}
