/**
 * A stand-in for an unpacked Electron distribution for Linux, for electron-builder's `electronDist` option, so the app
 * can be packaged where the Electron binary cannot be downloaded. It holds what electron-builder copies and renames
 * (the `electron` executable, its LICENSE, the `version` file, an empty resources/ folder with no default_app.asar).
 * The executable is a short shell script that says what it is; it carries a fuse wire in Electron's format (the
 * sentinel, wire version 1, then one state byte per fuse) set to Electron's defaults, so electron-builder's fuses
 * step runs on it as on the real binary and a test can read back what it flipped.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FuseV1Options } from '@electron/fuses';

/** Electron's marker in front of the fuse wire. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ENABLED = '1';
const DISABLED = '0';

/** A fresh Electron binary's fuses, in wire order: what a packaged app gets unless its configuration flips them. */
const ELECTRON_DEFAULT_FUSES: Record<FuseV1Options, boolean> = {
  [FuseV1Options.RunAsNode]: true,
  [FuseV1Options.EnableCookieEncryption]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: true,
  [FuseV1Options.EnableNodeCliInspectArguments]: true,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: false,
  [FuseV1Options.OnlyLoadAppFromAsar]: false,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: true,
};

/** The text the stand-in executable prints when run. */
export const STAND_IN_MESSAGE =
  'This is a stand-in for the Electron binary, made for a packaging test; it cannot run the app.';

function fuseWire(): string {
  const fuses = Object.values(FuseV1Options).filter((value): value is FuseV1Options => typeof value === 'number');
  const states = fuses.map((fuse) => (ELECTRON_DEFAULT_FUSES[fuse] ? ENABLED : DISABLED)).join('');
  return FUSE_SENTINEL + String.fromCharCode(1, states.length) + states;
}

/** Makes the stand-in distribution of Electron `version` in `dir` (created if missing); returns `dir`. */
export function createElectronDistStandIn(dir: string, version: string): string {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  const executable = join(dir, 'electron');
  writeFileSync(
    executable,
    `#!/bin/sh\n# fuse wire: ${fuseWire()}\necho '${STAND_IN_MESSAGE}' >&2\nexit 1\n`,
    'latin1',
  );
  chmodSync(executable, 0o755);
  writeFileSync(join(dir, 'LICENSE'), 'The stand-in for Electron is part of the Commission Desk tests.\n');
  writeFileSync(join(dir, 'version'), version);
  return dir;
}

/** The fuses written in the executable at `path`: fuse -> enabled. */
export function readFuses(path: string): Partial<Record<FuseV1Options, boolean>> {
  const binary = readFileSync(path);
  const at = binary.indexOf(FUSE_SENTINEL);
  if (at < 0) throw new Error(`no fuse wire in ${path}`);
  const start = at + FUSE_SENTINEL.length;
  if (binary[start] !== 1) throw new Error(`unknown fuse wire version ${binary[start]} in ${path}`);
  const length = binary[start + 1] ?? 0;
  const fuses: Partial<Record<FuseV1Options, boolean>> = {};
  for (let i = 0; i < length; i += 1)
    fuses[i as FuseV1Options] = String.fromCharCode(binary[start + 2 + i] ?? 0) === ENABLED;
  return fuses;
}
