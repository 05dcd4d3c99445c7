import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { BRIDGE_KEY, CHANNELS } from './src/shared/ipc-contract';

/** The renderer's main script tag as Vite writes it into the built index.html. */
const MAIN_SCRIPT = /<script type="module" crossorigin src="\.\/assets\/index-[\w-]+\.js"><\/script>/;

/**
 * The renderer's start module (src/renderer/src/start.ts: the start requests, the formatters' locale data) is an entry
 * of its own, and its script tag goes just before the main one (after the CSP). Module scripts run in document order,
 * each once its own imports are ready, so this small one runs while the browser is still compiling the main script's
 * large bundle, instead of after it. The main script imports the same file, so it is one
 * module, evaluated once. The dev server serves index.html as written: there the main script imports it first.
 */
function startScriptFirst(): Plugin {
  return {
    name: 'commission-desk:start-script-first',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (context.bundle === undefined) return html;
        const start = Object.values(context.bundle).find((output) => output.type === 'chunk' && output.isEntry && output.name === 'start');
        if (start === undefined) throw new Error('the renderer build has no start entry');
        if (!MAIN_SCRIPT.test(html)) throw new Error('the built index.html has no main script tag where it was expected');
        return html.replace(MAIN_SCRIPT, (main) => `<script type="module" crossorigin src="./${start.fileName}"></script>\n    ${main}`);
      },
    },
  };
}

/**
 * Three builds: the main process (ESM, native modules left external), the preload (one CommonJS
 * file, because sandboxed preloads cannot load ES modules) and the renderer (React, served from
 * the app's own files under a strict CSP). The preload gets the contract's channel list as a constant written in at
 * build time, so it stays a few lines of code instead of carrying the contract's schemas and zod.
 */
export default defineConfig({
  main: {
    build: {
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src/main/index.ts') },
      },
    },
  },
  preload: {
    define: { __IPC_CHANNELS__: JSON.stringify(CHANNELS), __BRIDGE_KEY__: JSON.stringify(BRIDGE_KEY) },
    build: {
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    plugins: [react(), startScriptFirst()],
    build: {
      // electron-vite leaves the renderer unminified; minified, the first screen's script is well under half the
      // bytes for the browser to parse and compile at every window open.
      minify: true,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src/renderer/index.html'), start: resolve(import.meta.dirname, 'src/renderer/src/start.ts') },
      },
    },
  },
});
