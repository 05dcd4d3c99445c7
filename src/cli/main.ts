/**
 * Entry point of the headless command in plain Node: `npm run cli -- <command> …` (through tsx) and the built
 * `out/cli/index.js` (`node out/cli/index.js …`, the `commission-desk` bin), which needs neither tsx nor the sources.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { quietBundledBufferWarning } from './bundled-warnings';
import { runCliInProcess } from './process-run';
import { programOf } from './program-name';

/** Written in by the CLI build (vite.cli.config.ts); absent when the sources run through tsx. */
declare const __COMMISSION_DESK_VERSION__: string | undefined;
const bundled = typeof __COMMISSION_DESK_VERSION__ === 'string';

/** The app's version: written into the bundle, else read from package.json two folders up (src/cli → the repository). */
function appVersion(): string {
  if (typeof __COMMISSION_DESK_VERSION__ === 'string') return __COMMISSION_DESK_VERSION__;
  try {
    const parsed = z
      .object({ version: z.string() })
      .safeParse(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')));
    return parsed.success ? parsed.data.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

quietBundledBufferWarning(process, bundled);
process.exitCode = await runCliInProcess(process.argv.slice(2), {
  program: programOf(process.argv[1] ?? '', process.cwd()),
  appVersion: appVersion(),
});
