import { readdirSync, readFileSync } from 'node:fs';
import { join, matchesGlob } from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import type { Configuration } from 'app-builder-lib';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
let config: Configuration;

/** Target names of one platform's configuration, whichever form they were written in. */
function targets(platform: { target?: unknown } | null | undefined): string[] {
  const list = Array.isArray(platform?.target) ? platform.target : [platform?.target];
  return list.map((t: unknown) =>
    typeof t === 'string' ? t : String((t as { target?: unknown } | undefined)?.target),
  );
}

function pngSize(path: string): { width: number; height: number } {
  const png = readFileSync(path);
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Every `.node` binary under a package folder, as a path relative to the project. */
function nativeFiles(packageDir: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith('.node') ? [path] : [];
    });
  return walk(join(root, packageDir)).map((file) => file.slice(root.length + 1).replaceAll('\\', '/'));
}

beforeAll(async () => {
  // Loaded exactly as electron-builder loads it (electron-builder.yml merged with package.json "build").
  config = await getConfig(root, null, null);
});

describe('packaging configuration', () => {
  it('S8: the fuses turn RunAsNode, NODE_OPTIONS and inspect arguments off, ASAR integrity and only-load-from-asar on', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('S10: the file protocol’s extra privileges fuse is off (the renderer is served from app://)', () => {
    expect(config.electronFuses?.grantFileProtocolExtraPrivileges).toBe(false);
  });

  it('S8: the app ships inside an ASAR archive, with every native module binary unpacked', () => {
    expect(config.asar).not.toBe(false);
    const patterns = (config.asarUnpack ?? []) as string[];
    const natives = [...nativeFiles('node_modules/better-sqlite3'), ...nativeFiles('node_modules/keytar')];
    expect(natives.length).toBeGreaterThan(0);
    for (const file of natives)
      expect(
        patterns.some((p) => matchesGlob(file, p)),
        file,
      ).toBe(true);
  });

  it('S8: the configuration passes electron-builder’s own schema, which would refuse a misspelt fuse', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    const misspelt = { ...config, electronFuses: { runAsNod: false } } as unknown as Configuration;
    await expect(validateConfiguration(misspelt, new DebugLogger(false))).rejects.toThrow(
      /configuration\.electronFuses/,
    );
  });

  it('app id, product name "Commission Desk", icons from resources/, AppImage + deb, dmg, nsis', () => {
    expect(config.appId).toBe('app.commission-desk.desktop');
    expect(config.productName).toBe('Commission Desk');
    expect(targets(config.linux)).toEqual(['AppImage', 'deb']);
    expect(targets(config.mac)).toEqual(['dmg']);
    expect(targets(config.win)).toEqual(['nsis']);
    for (const platform of [config.linux, config.mac, config.win]) expect(platform?.icon).toBe('resources/icon.png');
    expect(pngSize(join(root, 'resources/icon.png'))).toEqual({ width: 512, height: 512 });
    expect(JSON.stringify(config.files)).toContain('"resources/icon.png"');
  });

  it('packaging never rebuilds native modules, and `npm run dist` builds before it packages', () => {
    expect(config.npmRebuild).toBe(false);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.dist).toMatch(/^electron-vite build && electron-builder/);
    expect(Object.values(pkg.scripts).join('\n')).not.toMatch(/install-app-deps|electron-rebuild|@electron\/rebuild/);
    expect(pkg.scripts.postinstall).toBeUndefined();
  });
});
