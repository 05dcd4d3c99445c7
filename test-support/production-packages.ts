/**
 * The production dependency tree as installed: from the project's `dependencies` and `optionalDependencies`, each
 * package's own dependencies, optional dependencies and required peers, found the way Node resolves them (the nearest
 * node_modules folder up the tree). Only what is installed counts; a package appears once per installed version.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  devDependencies?: Record<string, string>;
}

/** Reads the package.json in `dir`. */
export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

/** The folder Node would load `name` from when required in `fromDir`, or null; never above `root`. */
function resolvePackage(root: string, fromDir: string, name: string): string | null {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    if (!dir.endsWith('node_modules')) {
      const candidate = join(dir, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) return candidate;
    }
    if (dir === root || dirname(dir) === dir) return null;
  }
}

/** What a package needs at run time: its dependencies, its optional ones and the peers it does not mark optional. */
function runtimeNeeds(manifest: Manifest, isProject: boolean): string[] {
  const peers = Object.keys(manifest.peerDependencies ?? {}).filter(
    (name) => manifest.peerDependenciesMeta?.[name]?.optional !== true,
  );
  return [
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
    ...(isProject ? [] : peers),
  ];
}

/** Every installed production package of the project at `root`, as `name@version`. */
export function productionPackages(root: string): Set<string> {
  const found = new Set<string>();
  const visited = new Set<string>();
  const walk = (dir: string, isProject: boolean): void => {
    for (const name of runtimeNeeds(readManifest(dir), isProject)) {
      const packageDir = resolvePackage(root, dir, name);
      if (packageDir === null || visited.has(packageDir)) continue;
      visited.add(packageDir);
      const manifest = readManifest(packageDir);
      found.add(`${manifest.name}@${manifest.version}`);
      walk(packageDir, false);
    }
  };
  walk(root, true);
  return found;
}
