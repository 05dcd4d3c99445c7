import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * The headless command as one ES module for plain Node (`node out/cli/index.js`, the `commission-desk` bin): no tsx
 * and no source tree at run time. Every package is bundled in except the two native modules, which load their
 * compiled binaries from node_modules. The app's version is written in, since the bundle may run away from
 * package.json. `vite build -c vite.cli.config.ts --outDir <dir>` builds it elsewhere (the P4 tests do).
 */
const NATIVE = ['better-sqlite3', 'keytar'];
const root = import.meta.dirname;
const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };

export default defineConfig({
  root,
  publicDir: false,
  logLevel: 'warn',
  define: { __COMMISSION_DESK_VERSION__: JSON.stringify(version) },
  ssr: { noExternal: true, external: NATIVE, target: 'node' },
  build: {
    ssr: resolve(root, 'src/cli/main.ts'),
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    reportCompressedSize: false,
    rolldownOptions: {
      external: [...NATIVE, ...builtinModules, /^node:/],
      // The shebang lets npm's link of the `commission-desk` bin run it as a program.
      output: { format: 'es', entryFileNames: 'index.js', codeSplitting: false, banner: '#!/usr/bin/env node' },
    },
  },
});
