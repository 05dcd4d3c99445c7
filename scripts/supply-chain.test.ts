import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { judgeAudit, parseAuditOutput, parseExplanations, passes, type AuditFinding } from './audit-findings';
import { packageOf, shippedPackages, withDependencies } from './shipped-packages';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

interface Manifest {
  name?: string;
  scripts?: Record<string, string>;
}

/** Installed packages that npm would run an install script for: explicit preinstall/install/postinstall, or a binding.gyp without them. */
function packagesWithInstallScripts(): Set<string> {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { name?: string }> };
  const names = new Set<string>();
  for (const path of Object.keys(lock.packages)) {
    if (path === '' || !existsSync(join(path, 'package.json'))) continue;
    const manifest = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')) as Manifest;
    const scripts = manifest.scripts ?? {};
    const explicit = ['preinstall', 'install', 'postinstall'].some(
      (s) => typeof scripts[s] === 'string' && scripts[s].trim() !== '',
    );
    const implicitGyp =
      existsSync(join(path, 'binding.gyp')) && scripts.install === undefined && scripts.preinstall === undefined;
    if (explicit || implicitGyp) names.add(manifest.name ?? path.slice(path.lastIndexOf('node_modules/') + 13));
  }
  return names;
}

const allowScripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { allowScripts: Record<string, boolean> })
  .allowScripts;

describe('install scripts', () => {
  it('S18: allowScripts names every installed package with an install script, and allows only the ones that must run', () => {
    expect(Object.keys(allowScripts).sort()).toEqual([...packagesWithInstallScripts()].sort());
    expect(Object.keys(allowScripts).filter((name) => allowScripts[name] === true)).toEqual(['keytar']);
  });

  it('S18: .ci/run installs with unreviewed install scripts as an error and builds native code from source, not from downloaded binaries', () => {
    const ci = readFileSync('.ci/run', 'utf8');
    expect(ci).toMatch(/npm ci [^\n]*--strict-allow-scripts/);
    expect(ci).toMatch(/npm_config_build_from_source=true/);
  });

  it('S18: every package allowed to run an install script is explained in docs/security.md', () => {
    const doc = readFileSync('docs/security.md', 'utf8');
    for (const [name, allowed] of Object.entries(allowScripts)) if (allowed) expect(doc).toContain(`\`${name}\``);
  });
});

const HIGH = {
  source: 1101234,
  name: 'tar-fs',
  dependency: 'tar-fs',
  title: 'tar-fs can extract outside the folder',
  url: 'https://github.com/advisories/GHSA-8cj5-5rvv-wf4v',
  severity: 'high',
  range: '<2.1.3',
};
const CRITICAL = {
  ...HIGH,
  source: 1101999,
  name: 'minimist',
  title: 'Prototype pollution',
  url: 'https://github.com/advisories/GHSA-xvch-5gv4-984h',
  severity: 'critical',
};
const MODERATE = {
  ...HIGH,
  source: 1100001,
  name: 'nanoid',
  title: 'Predictable ids',
  url: 'https://github.com/advisories/GHSA-mwcw-c2x4-8c55',
  severity: 'moderate',
};

function auditJson(vulnerabilities: Record<string, { severity: string; via: unknown[] }>): string {
  return JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: { total: Object.keys(vulnerabilities).length } },
  });
}

const REPORT = auditJson({
  'tar-fs': { severity: 'high', via: [HIGH] },
  'prebuild-install': { severity: 'high', via: ['tar-fs'] },
  minimist: { severity: 'critical', via: [CRITICAL] },
  nanoid: { severity: 'moderate', via: [MODERATE] },
});

const EXPLAINED = `# Security

## Accepted npm audit findings

| advisory | package | why it is accepted | review by |
| --- | --- | --- | --- |
| \`GHSA-8cj5-5rvv-wf4v\` | tar-fs | Only keytar's install step uses it, on the CI machine, for a file from the registry. | 2099-01-01 |
| none yet | | | |

## Out of scope
`;

describe('npm audit gate', () => {
  it("S18: counts what the app ships: production dependencies and the renderer bundle's packages, with what they need, not build tools", () => {
    const lock = {
      packages: {
        '': {},
        'node_modules/zod': {},
        'node_modules/react-dom': { dependencies: { scheduler: '^1' }, peerDependencies: { react: '^19' } },
        'node_modules/react': {},
        'node_modules/scheduler': {},
        'node_modules/vite': { dependencies: { rollup: '^4' } },
        'node_modules/rollup': {},
        'node_modules/vite/node_modules/esbuild': {},
      },
    };
    expect([...withDependencies(lock, ['zod', 'react-dom'])].sort()).toEqual([
      'react',
      'react-dom',
      'scheduler',
      'zod',
    ]);
    expect(packageOf('@mantine/core/styles.css')).toBe('@mantine/core');
    expect(packageOf('zod/mini')).toBe('zod');
    expect(packageOf('./format')).toBeNull();
    expect(packageOf('node:fs')).toBeNull();
    const shipped = shippedPackages('.');
    for (const name of ['react', 'react-dom', '@mantine/core', 'recharts', 'zod', 'better-sqlite3', 'keytar'])
      expect(shipped.has(name)).toBe(true);
    for (const name of ['vite', 'electron-builder', 'typescript', 'vitest']) expect(shipped.has(name)).toBe(false);
    const report = parseAuditOutput(
      auditJson({
        react: { severity: 'high', via: [{ ...HIGH, name: 'react' }] },
        vite: { severity: 'critical', via: [{ ...CRITICAL, name: 'vite' }] },
      }),
      shipped,
    );
    expect(report.kind === 'report' ? report.findings.map((f) => f.packageName) : []).toEqual(['react']);
  });

  it('S18: reads high and critical advisories of the report, once each, and leaves moderate ones and transitive mentions out', () => {
    const report = parseAuditOutput(REPORT);
    expect(report.kind).toBe('report');
    const findings = report.kind === 'report' ? report.findings : [];
    expect(findings.map((f) => [f.id, f.packageName, f.severity])).toEqual([
      ['GHSA-8cj5-5rvv-wf4v', 'tar-fs', 'high'],
      ['GHSA-xvch-5gv4-984h', 'minimist', 'critical'],
    ]);
  });

  it('S18: an audit that could not reach the registry, or printed no report, is "unavailable" with npm\'s reason, never a clean report', () => {
    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    });
    expect(parseAuditOutput(refused)).toEqual({
      kind: 'unavailable',
      reason: expect.stringContaining('405 Method Not Allowed') as string,
    });
    expect(
      parseAuditOutput(
        JSON.stringify({ error: { code: 'ENOTFOUND', summary: 'getaddrinfo ENOTFOUND registry.npmjs.org' } }),
      ),
    ).toMatchObject({
      kind: 'unavailable',
      reason: 'ENOTFOUND — getaddrinfo ENOTFOUND registry.npmjs.org',
    });
    expect(parseAuditOutput('')).toMatchObject({ kind: 'unavailable' });
    expect(parseAuditOutput('[]')).toMatchObject({ kind: 'unavailable' });
  });

  it('S18: a finding passes only with an explanation for its advisory and package whose review date has not passed', () => {
    const explanations = parseExplanations(EXPLAINED);
    expect(explanations).toEqual([
      {
        id: 'GHSA-8cj5-5rvv-wf4v',
        packageName: 'tar-fs',
        reason: "Only keytar's install step uses it, on the CI machine, for a file from the registry.",
        reviewBy: '2099-01-01',
      },
    ]);
    const tarFs: AuditFinding = {
      id: 'GHSA-8cj5-5rvv-wf4v',
      packageName: 'tar-fs',
      severity: 'high',
      title: 't',
      url: HIGH.url,
    };
    const other: AuditFinding = { ...tarFs, id: 'GHSA-xvch-5gv4-984h', packageName: 'minimist' };
    expect(passes(judgeAudit([tarFs], explanations, '2026-11-24'))).toBe(true);
    expect(judgeAudit([tarFs, other], explanations, '2026-11-24').blocking).toEqual([other]);
    expect(judgeAudit([{ ...tarFs, packageName: 'tar' }], explanations, '2026-11-24').blocking).toHaveLength(1);
    const late = judgeAudit([tarFs], explanations, '2099-01-02');
    expect(passes(late)).toBe(false);
    expect(late.expired).toHaveLength(1);
    expect(judgeAudit([], explanations, '2026-11-24').unused).toEqual(explanations);
  });

  it('S18: docs/security.md has the accepted-findings table the gate reads, and every row in it is complete', () => {
    const doc = readFileSync('docs/security.md', 'utf8');
    expect(doc).toMatch(/^## Accepted npm audit findings$/m);
    const rows = doc
      .slice(doc.indexOf('## Accepted npm audit findings'))
      .split('\n')
      .filter((line) => /^\|\s*`?(GHSA-|npm-\d)/i.test(line));
    expect(parseExplanations(doc)).toHaveLength(rows.length);
  });

  function runGate(
    report: string,
    explanations: string,
    env: Record<string, string> = {},
  ): { status: number | null; stdout: string; summary: string } {
    const dir = mkdtempSync(join(tmpdir(), 'audit-gate-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'audit.json'), report);
    writeFileSync(join(dir, 'security.md'), explanations);
    const summary = join(dir, 'summary.txt');
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/audit-gate.ts',
        '--report',
        join(dir, 'audit.json'),
        '--explanations',
        join(dir, 'security.md'),
        '--summary',
        summary,
        '--today',
        '2026-11-24',
      ],
      { encoding: 'utf8', timeout: 60_000, env: { ...process.env, AUDIT_GATE_REQUIRED: '', ...env } },
    );
    return {
      status: child.status,
      stdout: child.stdout,
      summary: existsSync(summary) ? readFileSync(summary, 'utf8') : '',
    };
  }

  it('S18: the gate fails on an unexplained finding, passes when all are explained, and says NOT CHECKED when the audit could not run', () => {
    const blocked = runGate(REPORT, EXPLAINED);
    expect(blocked.status).toBe(1);
    expect(blocked.stdout).toContain('BLOCKING   GHSA-xvch-5gv4-984h in minimist (critical)');
    expect(blocked.stdout).toContain('explained  GHSA-8cj5-5rvv-wf4v in tar-fs (high)');
    expect(blocked.summary).toContain('1 finding(s) not explained');

    const clean = runGate(auditJson({ 'tar-fs': { severity: 'high', via: [HIGH] } }), EXPLAINED);
    expect(clean.status).toBe(0);
    expect(clean.summary).toContain('clean, 1 explained finding(s)');

    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    });
    const unchecked = runGate(refused, EXPLAINED);
    expect(unchecked.status).toBe(0);
    expect(unchecked.stdout).toContain('npm audit NOT CHECKED: 405 Method Not Allowed');
    expect(unchecked.summary).toContain('NOT CHECKED');
    expect(unchecked.summary).not.toContain('clean');
    expect(runGate(refused, EXPLAINED, { AUDIT_GATE_REQUIRED: '1' }).status).toBe(2);
  });
});
