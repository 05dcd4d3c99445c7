import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { defineConfig, type Rolldown, type UserConfig } from 'vite';

/**
 * The headless command as one ES module for plain Node (`node out/cli/index.js`, the `commission-desk` bin): no tsx
 * and no source tree at run time. Every package is bundled in except the two native modules, which load their
 * compiled binaries from node_modules. The app's version is written in, since the bundle may run away from
 * package.json. `vite build -c vite.cli.config.ts --outDir <dir>` builds it elsewhere (the P4 tests do).
 */
const NATIVE = ['better-sqlite3', 'keytar'];
const root = import.meta.dirname;
const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };
// The shebang lets npm's link of the `commission-desk` bin run it as a program.
const SINGLE_FILE: Rolldown.OutputOptions = {
  entryFileNames: 'index.js',
  codeSplitting: false,
  banner: '#!/usr/bin/env node',
};

/**
 * `entry` (a path in the repository) bundled for plain Node the way the command ships, by default as one ES module
 * `index.js` in `outDir`. The bench builds the processes it measures with it, so their memory and start are the
 * shipped code's, not tsx's.
 */
export function nodeBundle(entry: string, outDir: string, output: Rolldown.OutputOptions = SINGLE_FILE): UserConfig {
  return {
    root,
    publicDir: false,
    logLevel: 'warn',
    define: { __COMMISSION_DESK_VERSION__: JSON.stringify(version) },
    ssr: { noExternal: true, external: NATIVE, target: 'node' },
    build: {
      ssr: resolve(root, entry),
      outDir,
      emptyOutDir: true,
      target: 'node22',
      minify: false,
      sourcemap: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      rolldownOptions: {
        external: [...NATIVE, ...builtinModules, /^node:/],
        output: { format: 'es', ...output },
      },
    },
  };
}

export default defineConfig(nodeBundle('src/cli/main.ts', 'out/cli'));
