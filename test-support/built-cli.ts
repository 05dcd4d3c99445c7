/**
 * The headless command as it ships: `out/cli/index.js` built by vite.cli.config.ts, copied into a folder of its own
 * outside the repository, laid out as npm installs the package (package.json, out/cli/index.js, node_modules), with
 * only the packages the bundle imports in its node_modules — so no tsx, no sources and no other package can be found
 * from it. Runs are plain `node`, by default under Node's permission model: files may be read only in that folder, in
 * the folders a test names, and in the linked packages' own folders, so nothing can be read from the repository either.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseAst } from 'vite';
import { PROJECT_ROOT } from './built-app';
import type { CliRun } from './cli-kit';

/** The installed command; `remove` deletes its folder. */
export interface InstalledCli {
  /** The package's folder: package.json, out/cli/index.js, node_modules. */
  root: string;
  /** The bundle. */
  entry: string;
  /** The packages linked into node_modules (the bundle's own imports). */
  linked: string[];
  /** A folder for the tests' data and files, writable by the runs. */
  work: string;
  remove(): void;
}

/** The package a bare specifier names ("@scope/name/x" → "@scope/name", "name/x" → "name"); null for paths and builtins. */
function packageOf(specifier: string): string | null {
  if (
    specifier === '' ||
    specifier.startsWith('.') ||
    specifier.startsWith('/') ||
    specifier.startsWith('file:') ||
    isBuiltin(specifier)
  )
    return null;
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;
const literalText = (node: unknown): string | null =>
  isNode(node) && node.type === 'Literal' && typeof node.value === 'string' ? node.value : null;

/** `require`, the bundle's `__require`, or `createRequire(…)`. */
function isRequire(node: unknown): boolean {
  if (!isNode(node)) return false;
  if (node.type === 'Identifier') return node.name === 'require' || node.name === '__require';
  return (
    node.type === 'CallExpression' &&
    isNode(node.callee) &&
    node.callee.type === 'Identifier' &&
    node.callee.name === 'createRequire'
  );
}

/** The specifier a node loads, if it is an import, an export from, `import()`, `require()` or `require.resolve()` of a literal. */
function loadedBy(node: Node): string | null {
  if (
    node.type === 'ImportDeclaration' ||
    node.type === 'ExportAllDeclaration' ||
    node.type === 'ExportNamedDeclaration' ||
    node.type === 'ImportExpression'
  ) {
    return literalText(node.source);
  }
  if (node.type !== 'CallExpression' || !Array.isArray(node.arguments)) return null;
  const callee = node.callee;
  const resolves =
    isNode(callee) &&
    callee.type === 'MemberExpression' &&
    isNode(callee.property) &&
    callee.property.name === 'resolve';
  return isRequire(callee) || (resolves && isRequire(callee.object)) ? literalText(node.arguments[0]) : null;
}

/**
 * Every package the bundle loads by name, read from its syntax tree (so text inside strings does not count): static and
 * dynamic imports, `require()` and `require.resolve()`; builtins and paths aside.
 */
export function importedPackages(bundle: string): string[] {
  const names = new Set<string>();
  const stack: unknown[] = [parseAst(bundle)];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...(value as unknown[]));
    else if (isNode(value)) {
      const specifier = typeof value.type === 'string' ? loadedBy(value) : null;
      const name = specifier === null ? null : packageOf(specifier);
      if (name !== null) names.add(name);
      for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return [...names].sort();
}

/**
 * Builds the command with vite.cli.config.ts into a temporary folder, then installs it in another, linking `packages`
 * (from the project's node_modules) and nothing else. Takes a few seconds.
 */
export function installBuiltCli(packages: readonly string[]): InstalledCli {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'built-cli-')));
  const build = join(base, 'build');
  execFileSync(
    process.execPath,
    [
      join(PROJECT_ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '-c',
      'vite.cli.config.ts',
      '--outDir',
      build,
      '--logLevel',
      'error',
    ],
    {
      cwd: PROJECT_ROOT,
      stdio: 'pipe',
    },
  );
  const root = join(base, 'commission-desk');
  const entry = join(root, 'out/cli/index.js');
  mkdirSync(dirname(entry), { recursive: true });
  copyFileSync(join(build, 'index.js'), entry);
  rmSync(build, { recursive: true, force: true });
  // npm makes a bin executable when it installs it.
  chmodSync(entry, 0o755);
  copyFileSync(join(PROJECT_ROOT, 'package.json'), join(root, 'package.json'));
  mkdirSync(join(root, 'node_modules'));
  for (const name of packages) {
    mkdirSync(dirname(join(root, 'node_modules', name)), { recursive: true });
    symlinkSync(join(PROJECT_ROOT, 'node_modules', name), join(root, 'node_modules', name), 'dir');
  }
  const work = join(base, 'work');
  mkdirSync(work);
  return { root, entry, linked: [...packages], work, remove: () => rmSync(base, { recursive: true, force: true }) };
}

/** Node's permission flag: `--permission` since Node 22.13 and 23.5, `--experimental-permission` before. */
function permissionFlag(): string {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major > 23 || (major === 23 && minor >= 5) || (major === 22 && minor >= 13)
    ? '--permission'
    : '--experimental-permission';
}

/**
 * Node's options for a run that may read only the installed folder, the linked packages' real folders and `readable`,
 * and write only in the work folder. Native modules and the cache's integrity-check thread are allowed (the command
 * needs both); the warnings saying so are left out of stderr.
 */
export function fencedNodeOptions(cli: InstalledCli, readable: readonly string[] = []): string[] {
  const reads = [
    cli.root,
    cli.work,
    ...cli.linked.map((name) => realpathSync(join(cli.root, 'node_modules', name))),
    ...readable,
  ];
  return [
    permissionFlag(),
    ...reads.map((path) => `--allow-fs-read=${path}`),
    `--allow-fs-write=${cli.work}`,
    '--allow-addons',
    '--allow-worker',
    '--disable-warning=SecurityWarning',
    '--disable-warning=ExperimentalWarning',
  ];
}

/** The environment of a run: this one without anything that could load code into Node (NODE_OPTIONS, NODE_PATH). */
export function plainEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, COMMISSION_DESK_API_SECRET: '', ...extra };
  delete env.NODE_OPTIONS;
  delete env.NODE_PATH;
  return env;
}

/** Runs `command` with `args` in the installed folder; `stdin` is written to it. */
export function runIn(
  cli: InstalledCli,
  command: string,
  args: readonly string[],
  options: { stdin?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args], {
      cwd: cli.root,
      env: options.env ?? plainEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

/** Options of a run of the built command. */
export interface BuiltRunOptions {
  stdin?: string;
  /** Files the run may read besides the installed folder (e.g. a CA certificate). */
  readable?: readonly string[];
  /**
   * false: without the permission fence, for commands that save settings — the settings file is written atomically
   * with fsync, which Node's permission model refuses outright.
   */
  fenced?: boolean;
}

/** `node out/cli/index.js <args>` in the installed folder, as a person runs the built command; fenced unless told. */
export function runBuiltCli(
  cli: InstalledCli,
  args: readonly string[],
  options: BuiltRunOptions = {},
): Promise<CliRun> {
  const fence = options.fenced === false ? [] : fencedNodeOptions(cli, options.readable);
  return runIn(cli, process.execPath, [...fence, 'out/cli/index.js', ...args], options);
}

/** The text of the bundle as installed. */
export function bundleText(cli: InstalledCli): string {
  return readFileSync(cli.entry, 'utf8');
}
