import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { BRIDGE_KEY, CHANNELS } from './src/shared/ipc-contract';

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
    plugins: [react()],
    build: {
      // electron-vite leaves the renderer unminified; minified, the first screen's script is well under half the
      // bytes for the browser to parse and compile at every window open.
      minify: true,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') },
      },
    },
  },
});
