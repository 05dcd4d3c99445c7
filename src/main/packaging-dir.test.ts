/**
 * P3: the app packaged for real by electron-builder, offline, with a stand-in Electron distribution
 * (test-support/electron-dist-stand-in.ts) as its `electronDist`: `npm run build`, then a Linux `--dir` pack with
 * the project's own electron-builder.yml, only the output folder and the Electron distribution changed. The result is
 * read back: what app.asar holds, what lies unpacked beside it, the fuses written into the executable, and the sizes of
 * the app folder and of app.asar against their budgets. Nearly all of its time is spent inside electron-builder.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { extractFile } from '@electron/asar';
import { FuseV1Options } from '@electron/fuses';
import { build, Platform } from 'electron-builder';
import { getConfig } from 'app-builder-lib/out/util/config/config';
import type { Configuration } from 'app-builder-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asarFiles, type AsarFile } from '../../test-support/asar-entries';
import { PROJECT_ROOT } from '../../test-support/built-app';
import { importedPackages } from '../../test-support/built-cli';
import { createElectronDistStandIn, readFuses, STAND_IN_MESSAGE } from '../../test-support/electron-dist-stand-in';
import { guardNetwork } from '../../test-support/network-guard';
import { productionPackages, readManifest } from '../../test-support/production-packages';

const root = PROJECT_ROOT;
let work: string;
let appDir: string;
let archive: string;
let files: AsarFile[];
let networkAttempts: string[];
let config: Configuration;
let appBytes: number;
let archiveBytes: number;

/**
 * What the packed app may weigh, without Electron's own files: the measured sizes with a little headroom, so a
 * package that slips back into `dependencies` (or a bundle shipped twice) fails here instead of growing every download.
 */
const BUDGET = { appFolder: 61e6, archive: 30e6 };

/** Every file under `dir`, relative to it, with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).replaceAll('\\', '/'))
    .sort();
}

function bytesUnder(dir: string): number {
  return filesUnder(dir).reduce((sum, file) => sum + statSync(join(dir, file)).size, 0);
}

const megabytes = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

/** Runs `fn` with the environment changed by `env`, then puts it back. */
async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    return await fn();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** Whether a built file under out/ goes into the app: not a source map, not the headless command's own bundle. */
const shipped = (file: string): boolean => !file.endsWith('.map') && !file.startsWith('cli/');

/** The packages the shipped main-process and preload files load by name, read from their syntax trees; not electron. */
function importedByBuiltFiles(outDir: string): string[] {
  const names = new Set<string>();
  for (const file of filesUnder(outDir).filter(
    (f) => /\.(c|m)?js$/.test(f) && shipped(f) && !f.startsWith('renderer/'),
  )) {
    for (const name of importedPackages(readFileSync(join(outDir, file), 'utf8')))
      if (name !== 'electron') names.add(name);
  }
  return [...names].sort();
}

beforeAll(async () => {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'pipe', shell: process.platform === 'win32' });
  work = mkdtempSync(join(tmpdir(), 'packaging-dir-test-'));
  const electronVersion = readManifest(join(root, 'node_modules/electron')).version;
  const electronDist = createElectronDistStandIn(join(work, 'electron-dist'), electronVersion);
  config = await getConfig(root, null, null);
  const started = Date.now();
  const guard = guardNetwork();
  try {
    // An empty download cache: anything electron-builder needed from the network would have to be fetched now.
    await withEnv({ ELECTRON_BUILDER_CACHE: join(work, 'builder-cache') }, () =>
      build({
        projectDir: root,
        targets: Platform.LINUX.createTarget('dir'),
        publish: 'never',
        config: { electronDist, directories: { output: join(work, 'dist') } },
      }),
    );
  } finally {
    guard.restore();
  }
  networkAttempts = guard.attempts;
  const appDirName = readdirSync(join(work, 'dist')).find(
    (name) => name.startsWith('linux') && name.endsWith('unpacked'),
  );
  appDir = join(work, 'dist', appDirName ?? 'linux-unpacked');
  archive = join(appDir, 'resources/app.asar');
  files = asarFiles(archive);
  appBytes = bytesUnder(appDir);
  archiveBytes = statSync(archive).size;
  console.log(
    `P3: packed in ${((Date.now() - started) / 1000).toFixed(0)} s; app folder ${megabytes(appBytes)}: ` +
      `app.asar ${megabytes(archiveBytes)}, app.asar.unpacked ${megabytes(bytesUnder(`${archive}.unpacked`))} ` +
      `(plus Electron's own files in a real build; the stand-in executable is ${statSync(join(appDir, 'commission-desk')).size} bytes)`,
  );
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the app packaged with a stand-in Electron', () => {
  it('P3: electron-builder packs a Linux app folder offline: the renamed executable, app.asar and its unpacked folder, no loose app', () => {
    expect(networkAttempts).toEqual([]);
    expect(readFileSync(join(appDir, 'commission-desk'), 'latin1')).toContain(STAND_IN_MESSAGE);
    expect(readdirSync(join(appDir, 'resources')).sort()).toEqual(['app.asar', 'app.asar.unpacked']);
  });

  it('P3: app.asar holds the built bundles exactly (the headless command once, in the main bundle), the icon, the package manifest and node_modules, and no map, source or test', () => {
    const tops = new Set(files.map((f) => (f.path.startsWith('resources/') ? f.path : f.path.split('/')[0])));
    expect([...tops].sort()).toEqual(['node_modules', 'out', 'package.json', 'resources/icon.png']);
    const built = filesUnder(join(root, 'out')).filter(shipped);
    expect(built).toContain('main/index.js');
    expect(existsSync(join(root, 'out/cli/index.js'))).toBe(true);
    expect(files.filter((f) => f.path.startsWith('out/cli/')).map((f) => f.path)).toEqual([]);
    expect(
      files
        .filter((f) => f.path.startsWith('out/'))
        .map((f) => f.path.slice('out/'.length))
        .sort(),
    ).toEqual(built);
    expect(files.filter((f) => f.path.endsWith('.map')).map((f) => f.path)).toEqual([]);
    const own = files.filter((f) => !f.path.startsWith('node_modules/'));
    expect(
      own.filter((f) => /\.(test|spec)\.|\.tsx?$|(^|\/)(src|e2e|test-support|scripts|docs|bench)\//.test(f.path)),
    ).toEqual([]);
  });

  it('P3: the packaged package.json starts the main bundle and carries no devDependencies or scripts', () => {
    const manifest = JSON.parse(extractFile(archive, 'package.json').toString('utf8')) as Record<string, unknown>;
    expect(manifest.main).toBe('out/main/index.js');
    expect(files.some((f) => f.path === manifest.main)).toBe(true);
    expect(manifest).not.toHaveProperty('devDependencies');
    expect(manifest).not.toHaveProperty('scripts');
  });

  it('P3: node_modules holds the production dependency tree, no devDependency, and every package the built main process imports', () => {
    const manifests = files.filter((f) => /(^|\/)node_modules\/(@[^/]+\/)?[^/@]+\/package\.json$/.test(f.path));
    const packed = new Set(
      manifests.map((f) => {
        const { name, version } = JSON.parse(extractFile(archive, f.path).toString('utf8')) as {
          name: string;
          version: string;
        };
        return `${name}@${version}`;
      }),
    );
    const production = productionPackages(root);
    expect([...packed].filter((p) => !production.has(p)).sort(), 'packed but not a production dependency').toEqual([]);
    expect([...production].filter((p) => !packed.has(p)).sort(), 'a production dependency left out').toEqual([]);
    const productionNames = new Set([...production].map((p) => p.slice(0, p.lastIndexOf('@'))));
    const devOnly = Object.keys(readManifest(root).devDependencies ?? {}).filter((name) => !productionNames.has(name));
    expect(devOnly).toContain('electron');
    for (const name of devOnly)
      expect(existsSync(join(appDir, 'resources/app.asar.unpacked/node_modules', name)), name).toBe(false);
    for (const name of devOnly)
      expect(
        files.some((f) => f.path.startsWith(`node_modules/${name}/`)),
        name,
      ).toBe(false);
    const imported = importedByBuiltFiles(join(root, 'out'));
    expect(imported).toEqual(expect.arrayContaining(['better-sqlite3', 'keytar', 'zod']));
    for (const name of imported)
      expect(
        files.some((f) => f.path === `node_modules/${name}/package.json`),
        name,
      ).toBe(true);
  });

  it('P3: better-sqlite3’s and keytar’s native binaries lie unpacked beside the archive, byte for byte, and none is packed inside it', () => {
    const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
    const natives = ['better-sqlite3', 'keytar'].flatMap((name) =>
      filesUnder(join(root, 'node_modules', name))
        // obj.target holds the compiler's intermediate copy, which electron-builder leaves out.
        .filter((file) => file.endsWith('.node') && !file.includes('/obj.target/'))
        .map((file) => `node_modules/${name}/${file}`),
    );
    expect(natives).toEqual(
      expect.arrayContaining([
        'node_modules/keytar/build/Release/keytar.node',
        'node_modules/better-sqlite3/prebuilds/linux-x64.node',
      ]),
    );
    for (const file of natives) {
      expect(files.find((f) => f.path === file)?.unpacked, file).toBe(true);
      expect(sha(join(appDir, 'resources/app.asar.unpacked', file)), file).toBe(sha(join(root, file)));
    }
    expect(files.filter((f) => f.path.endsWith('.node') && !f.unpacked).map((f) => f.path)).toEqual([]);
  });

  it('P3: the app folder and app.asar stay within their size budgets, and no renderer-only package is packed', () => {
    expect(appBytes, `app folder ${megabytes(appBytes)}, budget ${megabytes(BUDGET.appFolder)}`).toBeLessThanOrEqual(
      BUDGET.appFolder,
    );
    expect(
      archiveBytes,
      `app.asar ${megabytes(archiveBytes)}, budget ${megabytes(BUDGET.archive)}`,
    ).toBeLessThanOrEqual(BUDGET.archive);
    const rendererOnly = ['react', 'react-dom', '@mantine/core', '@tabler/icons-react', 'recharts'];
    for (const name of rendererOnly)
      expect(
        files.some((f) => f.path.startsWith(`node_modules/${name}/`)),
        name,
      ).toBe(false);
  });

  it('P3: the fuses of electron-builder.yml are written into the packaged executable (S8, S10)', () => {
    const fuses = readFuses(join(appDir, 'commission-desk'));
    const wanted = config.electronFuses ?? {};
    expect(fuses).toMatchObject({
      [FuseV1Options.RunAsNode]: wanted.runAsNode,
      [FuseV1Options.EnableCookieEncryption]: wanted.enableCookieEncryption,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: wanted.enableNodeOptionsEnvironmentVariable,
      [FuseV1Options.EnableNodeCliInspectArguments]: wanted.enableNodeCliInspectArguments,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: wanted.enableEmbeddedAsarIntegrityValidation,
      [FuseV1Options.OnlyLoadAppFromAsar]: wanted.onlyLoadAppFromAsar,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: wanted.grantFileProtocolExtraPrivileges,
    });
    expect(fuses[FuseV1Options.RunAsNode]).toBe(false);
    expect(fuses[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
  });
});
