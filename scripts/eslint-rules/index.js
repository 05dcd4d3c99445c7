// @ts-check
import path from 'node:path';
import { hasDoor, importsOf, resolveLocal } from './module-graph.js';

/**
 * The project's own lint rules for the shape of the tree: no import cycle (type imports included, which
 * import-x's no-cycle leaves out by design), and a folder's index file is its only door.
 */

/** @typedef {import('eslint').Rule.RuleContext} Context */
/** @typedef {{ node: import('eslint').Rule.Node, specifier: string, target: string }} Edge */

/**
 * Calls `onEdge` for every import, re-export and dynamic import of a project file in the linted file.
 * @param {Context} context
 * @param {(edge: Edge) => void} onEdge
 * @returns {import('eslint').Rule.RuleListener}
 */
function visitImports(context, onEdge) {
  const file = context.physicalFilename;
  /** @param {any} node @param {any} source */
  const visit = (node, source) => {
    if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
    const target = resolveLocal(source.value, file);
    if (target !== undefined) onEdge({ node, specifier: source.value, target });
  };
  return {
    ImportDeclaration: (node) => visit(node, node.source),
    ExportAllDeclaration: (node) => visit(node, node.source),
    ExportNamedDeclaration: (node) => visit(node, node.source),
    ImportExpression: (node) => visit(node, node.source),
  };
}

/** @param {string} file */
const shown = (file) => path.relative(process.cwd(), file);

/**
 * The chain of files from `start` back to `file`, or undefined when `file` cannot be reached from `start`.
 * @param {string} start
 * @param {string} file
 * @param {Set<string>} dead files known not to reach `file`
 * @returns {string[] | undefined}
 */
function routeBack(start, file, dead) {
  /** @type {Map<string, string | null>} */
  const parent = new Map([[start, null]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i += 1) {
    const at = /** @type {string} */ (queue[i]);
    if (at === file) {
      const route = [];
      for (let step = /** @type {string | null | undefined} */ (at); step != null; step = parent.get(step))
        route.unshift(step);
      return route;
    }
    for (const next of importsOf(at)) {
      if (parent.has(next) || dead.has(next)) continue;
      parent.set(next, at);
      queue.push(next);
    }
  }
  for (const seen of parent.keys()) dead.add(seen);
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import that leads back to the importing file, type imports included.' },
    messages: { cycle: 'Import cycle: {{route}}. Move what both sides need to a module both can import.' },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    /** @type {Edge[]} */
    const edges = [];
    return {
      ...visitImports(context, (edge) => edges.push(edge)),
      'Program:exit'() {
        const dead = new Set();
        for (const { node, target } of edges) {
          const route = target === file ? undefined : routeBack(target, file, dead);
          if (route !== undefined)
            context.report({ node, messageId: 'cycle', data: { route: [file, ...route].map(shown).join(' -> ') } });
        }
      },
    };
  },
};

/**
 * The outermost folder with an index file that holds `target` but not `importer`, or undefined.
 * @param {string} importer
 * @param {string} target
 * @param {string[]} entries folders whose index file starts a program rather than opening a folder
 */
function outermostDoor(importer, target, entries) {
  const importerDir = path.dirname(importer);
  let door;
  for (let dir = path.dirname(target); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const holdsImporter = importerDir === dir || importerDir.startsWith(dir + path.sep);
    if (holdsImporter) break;
    if (hasDoor(dir) && !entries.includes(dir)) door = dir;
  }
  return door;
}

/** @type {import('eslint').Rule.RuleModule} */
const indexDoor = {
  meta: {
    type: 'problem',
    docs: { description: 'Code outside a folder with an index.ts imports the folder, never a file inside it.' },
    messages: {
      inside: "'{{specifier}}' reaches inside {{folder}}: import the folder; its index.ts is its only door.",
    },
    schema: [
      {
        type: 'object',
        properties: { entries: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    const entries = (context.options[0]?.entries ?? []).map((/** @type {string} */ dir) =>
      path.resolve(context.cwd, dir),
    );
    return visitImports(context, ({ node, specifier, target }) => {
      const door = outermostDoor(file, target, entries);
      if (door === undefined || (path.dirname(target) === door && /^index\.tsx?$/.test(path.basename(target)))) return;
      context.report({ node, messageId: 'inside', data: { specifier, folder: shown(door) } });
    });
  },
};

/** The plugin the ESLint config registers as `tree`. */
export const treeRules = { meta: { name: 'tree' }, rules: { 'no-cycle': noCycle, 'index-door': indexDoor } };
