// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { treeRules } from './scripts/eslint-rules/index.js';

/**
 * One lint tool. Besides the recommended rules it enforces the architecture: raw ipcMain /
 * ipcRenderer only in the two IPC wrapper files, no `electron` in src/core, src/shared or the CLI,
 * no renderer import of main-process or preload code, and no production import of test support.
 */
const ipcMessage =
  'Use the typed IPC contract: raw ipcMain/ipcRenderer is allowed only in src/main/electron-ipc.ts and src/preload/index.ts.';
/** What the renderer may not import: Electron, main-process, preload, Node and core code. */
const rendererPaths = [{ name: 'electron', message: 'The renderer talks only to window.commissionDesk.' }];
const rendererPatterns = [
  {
    group: ['**/main/**', '**/preload/**', 'node:*'],
    message: 'The renderer may import only src/shared and its own files.',
  },
  { regex: '^(\\.\\.?/)+core(/|$)', message: 'The renderer may import only src/shared and its own files.' },
];
const testSupportPattern = {
  group: ['**/test-support', '**/test-support/**'],
  message: 'Test support is for tests only: production code must not import it.',
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'test-reports/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'docs/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', importNames: ['ipcMain', 'ipcRenderer'], message: ipcMessage }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'MemberExpression[property.name=/^ipc(Main|Renderer)$/]', message: ipcMessage },
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    files: ['src/main/electron-ipc.ts', 'src/preload/index.ts', 'src/main/index.ts'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/core/**/*.ts', 'src/shared/**/*.ts', 'src/cli/**/*.ts', 'e2e/test-host/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Core modules must run in plain Node: receive Electron features as parameters.',
            },
            {
              name: 'electron-store',
              message: 'Core modules must run in plain Node: use the settings-store interface.',
            },
          ],
          patterns: [testSupportPattern],
        },
      ],
    },
  },
  {
    files: ['src/core/**/*.test.ts', 'src/cli/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Core modules must run in plain Node: receive Electron features as parameters.',
            },
            {
              name: 'electron-store',
              message: 'Core modules must run in plain Node: use the settings-store interface.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/**/*.ts', 'src/preload/**/*.ts'],
    ignores: ['src/**/*.test.ts', 'src/main/electron-ipc.ts', 'src/preload/index.ts', 'src/main/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', importNames: ['ipcMain', 'ipcRenderer'], message: ipcMessage }],
          patterns: [testSupportPattern],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.ts', 'src/renderer/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: rendererPaths,
          patterns: [...rendererPatterns, testSupportPattern],
        },
      ],
    },
  },
  // The renderer's unit tests may use test support (a stand-in bridge); the rest of the renderer's rules hold.
  {
    files: ['src/renderer/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: rendererPaths, patterns: rendererPatterns }],
    },
  },
  // React's rules of hooks and the compiler-backed checks (refs in render, setState in effects, purity).
  {
    files: ['src/renderer/**/*.ts', 'src/renderer/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  // The tree says what it is: no import cycle, and a folder with an index.ts is entered only through it.
  {
    files: ['src/**/*.{ts,tsx}', 'bench/**/*.ts', 'e2e/**/*.ts', 'test-support/**/*.ts', 'scripts/**/*.ts'],
    plugins: { tree: treeRules },
    rules: {
      'tree/no-cycle': 'error',
      'tree/index-door': ['error', { entries: ['src/main', 'src/preload'] }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['*.config.ts', '*.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
