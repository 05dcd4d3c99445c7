// @ts-check
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createNodeResolver } from 'eslint-plugin-import-x';
import ts from 'typescript';

/**
 * The project's own import graph as the two tree rules see it: relative specifiers only (the project has no path
 * aliases; packages are outside the tree), every import counted, `import type` included, because a cycle of types is
 * still two folders that cannot be understood apart. Files read from disk are cached by modification time, so an
 * editor's long-lived ESLint sees edits.
 */
const resolver = createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] });

/** @type {Map<string, { mtimeMs: number, imports: string[] }>} */
const fileImports = new Map();

/**
 * The project file a relative specifier names, or undefined for packages, built-ins and what does not resolve.
 * @param {string} specifier
 * @param {string} fromFile
 * @returns {string | undefined}
 */
export function resolveLocal(specifier, fromFile) {
  if (!specifier.startsWith('.')) return undefined;
  const result = resolver.resolve(specifier, fromFile);
  if (!result.found || result.path == null || result.path.includes(`${path.sep}node_modules${path.sep}`))
    return undefined;
  return result.path;
}

/**
 * The project files one file on disk imports.
 * @param {string} file
 * @returns {string[]}
 */
export function importsOf(file) {
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = fileImports.get(file);
  if (cached !== undefined && cached.mtimeMs === mtimeMs) return cached.imports;
  const imports = specifiersIn(readFileSync(file, 'utf8'))
    .map((specifier) => resolveLocal(specifier, file))
    .filter((target) => target !== undefined);
  fileImports.set(file, { mtimeMs, imports });
  return imports;
}

/**
 * Every module specifier in a source text: imports, re-exports, dynamic imports, type imports.
 * @param {string} text
 * @returns {string[]}
 */
function specifiersIn(text) {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/** @type {Map<string, boolean>} */
const doors = new Map();

/**
 * Whether a folder has an index file, which makes that file the folder's only door.
 * @param {string} dir
 * @returns {boolean}
 */
export function hasDoor(dir) {
  let known = doors.get(dir);
  if (known === undefined) {
    known = existsSync(path.join(dir, 'index.ts')) || existsSync(path.join(dir, 'index.tsx'));
    doors.set(dir, known);
  }
  return known;
}
