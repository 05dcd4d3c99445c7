/**
 * How the person started the headless command, so its help and hints name a command they can paste as it is.
 */
import { basename, relative } from 'node:path';

/**
 * The program for the plain-Node entry run as `script` from `cwd`: the sources through `npm run cli`; the
 * `commission-desk` bin by its name (its link on Unix, npm's shim into node_modules on Windows); else the file.
 */
export function programOf(script: string, cwd: string): string {
  if (script.endsWith('.ts')) return 'npm run cli --';
  if (/^commission-desk(\.js)?$/.test(basename(script)) || /[\\/]node_modules[\\/]commission-desk[\\/]/.test(script))
    return 'commission-desk';
  const shown = relative(cwd, script) || script;
  return `node ${/\s/.test(shown) ? JSON.stringify(shown) : shown}`;
}
