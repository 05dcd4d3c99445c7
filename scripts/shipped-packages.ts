/**
 * The packages the app ships, for the supply-chain gate (S18): the production dependencies and everything they need,
 * plus the packages the renderer bundle takes in. Those are devDependencies (Vite bundles them, so the packaged app
 * leaves them out), yet their code runs in every window, so their advisories count like a production dependency's.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The package a bare import names (`@scope/name/sub` → `@scope/name`), or null for a relative or built-in one. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The packages the code in `dirs` imports (static and dynamic imports, bare specifiers only). */
export function importedPackages(dirs: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const file of dirs.flatMap(sourceFiles)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'([^']+)'/g)) {
      const name = packageOf(match[1] as string);
      if (name !== null) found.add(name);
    }
  }
  return found;
}

interface LockEntry {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** Every package `roots` need, by name, as package-lock.json lays them out (any copy of a name counts). */
export function withDependencies(lock: { packages: Record<string, LockEntry> }, roots: Iterable<string>): Set<string> {
  const needs = new Map<string, Set<string>>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    const at = path.lastIndexOf('node_modules/');
    if (at < 0) continue;
    const name = path.slice(at + 'node_modules/'.length);
    const names = needs.get(name) ?? new Set<string>();
    for (const deps of [entry.dependencies, entry.optionalDependencies, entry.peerDependencies])
      for (const dep of Object.keys(deps ?? {})) names.add(dep);
    needs.set(name, names);
  }
  const shipped = new Set<string>();
  const queue = [...roots];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (shipped.has(name) || !needs.has(name)) continue;
    shipped.add(name);
    queue.push(...(needs.get(name) ?? []));
  }
  return shipped;
}

/** The packages the app at `root` ships: its production dependencies and the renderer's, with what they need. */
export function shippedPackages(root: string): Set<string> {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const renderer = importedPackages([join(root, 'src/renderer'), join(root, 'src/shared')]);
  return withDependencies(lock, [...Object.keys(manifest.dependencies ?? {}), ...renderer]);
}
