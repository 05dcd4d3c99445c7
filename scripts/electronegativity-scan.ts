/**
 * Runs Electronegativity (`@doyensec/electronegativity`) in this process, without the network, and
 * returns its findings.
 * Its CLI first downloads translations (and, on a machine without network, crashes in the HTTP
 * library's retry timer), so this loads its runner directly and puts a local-only translation
 * loader in place of that one module before the runner is required. `AvailableSecurityFixesGlobalCheck`
 * is always excluded: it downloads Electron's release notes.
 */
import { readFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { findingSchema, type Finding } from './electronegativity-findings';

/** Options of {@link scanOffline}. */
export interface ScanOptions {
  /** Folder (or file) to scan. */
  input: string;
  /** The Electron version to assume, e.g. "45.4.1" (no detection, no download). */
  electronVersion: string;
}

/** What the scanner found. */
export interface ScanResult {
  findings: Finding[];
  /** Files the scanner could not parse: not scanned, so the gate treats them as a failure. */
  parseErrors: { file: string; message: string }[];
  checks: number;
  scannerVersion: string;
}

/** Checks that need the network; never run. */
export const NETWORK_CHECKS = ['AvailableSecurityFixesGlobalCheck'];

const runnerResultSchema = z.object({
  globalChecks: z.number(),
  atomicChecks: z.number(),
  errors: z.array(z.object({ file: z.string(), message: z.string(), tolerable: z.boolean() })),
  issues: z.array(z.unknown()),
});

type Runner = (options: Record<string, unknown>, forCli: boolean) => Promise<unknown>;
interface I18n {
  configure(options: Record<string, unknown>): void;
  setLocale(locale: string): void;
}

/** Replaces the scanner's translation loader (which fetches over HTTP) with a local-only one. */
function installOfflineTranslations(packageDir: string, load: NodeJS.Require): void {
  const i18n = load('i18n') as I18n;
  const loaderPath = join(packageDir, 'dist', 'locales', 'i18n.js');
  const offline = new Module(loaderPath);
  offline.filename = loaderPath;
  offline.loaded = true;
  offline.exports = async (): Promise<void> => {
    i18n.configure({
      locales: ['en-US'],
      defaultLocale: 'en-US',
      directory: dirname(loaderPath),
      updateFiles: false,
      objectNotation: true,
      retryInDefaultLocale: true,
      register: globalThis,
    });
    i18n.setLocale('en-US');
  };
  load.cache[loaderPath] = offline;
}

/** Scans `options.input`. */
export async function scanOffline(options: ScanOptions): Promise<ScanResult> {
  const load = createRequire(import.meta.url);
  const packageDir = dirname(load.resolve('@doyensec/electronegativity/package.json'));
  const scannerVersion = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string })
    .version;
  const scoped = createRequire(join(packageDir, 'package.json'));
  installOfflineTranslations(packageDir, scoped);
  const run = scoped('./dist/runner.js') as Runner;
  const raw = await run(
    {
      input: resolve(options.input),
      // The scanner's own report writer does not wait for its file; the gate writes the SARIF itself.
      output: undefined,
      isSarif: false,
      customScan: [],
      excludeFromScan: NETWORK_CHECKS,
      isRelative: true,
      isVerbose: false,
      electronVersionOverride: options.electronVersion,
      parserPlugins: [],
    },
    false,
  );
  const result = runnerResultSchema.parse(raw);
  return {
    findings: result.issues.map((issue) => findingSchema.parse(issue)),
    parseErrors: result.errors.filter((e) => !e.tolerable).map(({ file, message }) => ({ file, message })),
    checks: result.globalChecks + result.atomicChecks,
    scannerVersion,
  };
}
