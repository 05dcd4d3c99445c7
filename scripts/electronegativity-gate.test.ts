import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  annotationOn,
  engDisableLines,
  explanationFor,
  judge,
  toSarif,
  type Finding,
} from './electronegativity-findings';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function finding(id: string, severity: [string, number], line: number, file = 'main.ts'): Finding {
  return {
    id,
    severity: { name: severity[0], value: severity[1] },
    confidence: { name: 'FIRM', value: 1 },
    file,
    location: { line, column: 2 },
    description: `${id} found`,
  };
}

function runGate(input: string): { status: number | null; stdout: string; sarif: unknown } {
  const sarifPath = join(mkdtempSync(join(tmpdir(), 'gate-sarif-')), 'out.sarif');
  dirs.push(join(sarifPath, '..'));
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/electronegativity-gate.ts', '--input', input, '--sarif', sarifPath],
    {
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return {
    status: child.status,
    stdout: child.stdout + child.stderr,
    sarif: JSON.parse(readFileSync(sarifPath, 'utf8')) as unknown,
  };
}

describe('the Electronegativity gate rules', () => {
  it('an annotation names its check and gives a reason', () => {
    expect(
      annotationOn('  // electronegativity-ignore: CONTEXT_ISOLATION_JS_CHECK — set by secureWebPreferences()', 4),
    ).toEqual({
      check: 'CONTEXT_ISOLATION_JS_CHECK',
      reason: 'set by secureWebPreferences()',
      line: 4,
    });
    expect(
      annotationOn('/* electronegativity-ignore: SANDBOX_JS_CHECK -- sandboxed by app.enableSandbox() */', 1)?.reason,
    ).toBe('sandboxed by app.enableSandbox()');
    expect(annotationOn('// electronegativity-ignore: SANDBOX_JS_CHECK — ok', 1)).toBeNull();
    expect(annotationOn('// electronegativity-ignore: SANDBOX_JS_CHECK', 1)).toBeNull();
  });

  it('an annotation explains a finding on its own line or from the comment block right above, not across code', () => {
    const lines = [
      '// electronegativity-ignore: A_CHECK — explained for the window below',
      '// electronegativity-ignore: B_CHECK — explained as well, stacked',
      'const w = new BrowserWindow({});',
      'const x = 1;',
      'const y = risky(); // electronegativity-ignore: C_CHECK — trailing reason here',
    ];
    expect(explanationFor(lines, 'A_CHECK', 3)?.line).toBe(1);
    expect(explanationFor(lines, 'B_CHECK', 3)?.line).toBe(2);
    expect(explanationFor(lines, 'C_CHECK', 3)).toBeNull();
    expect(explanationFor(lines, 'A_CHECK', 4)).toBeNull();
    expect(explanationFor(lines, 'C_CHECK', 5)?.reason).toBe('trailing reason here');
  });

  it('S8: a HIGH finding blocks unless explained; lower ones are advisory; eng-disable is refused', () => {
    const source =
      '// electronegativity-ignore: HIGH_A — proven by the S1 tests\nnew BrowserWindow();\nnew BrowserWindow();\n';
    const high1 = finding('HIGH_A', ['HIGH', 3], 2);
    const high2 = finding('HIGH_A', ['HIGH', 3], 3);
    const medium = finding('MEDIUM_B', ['MEDIUM', 2], 3);
    const verdict = judge([high1, high2, medium], () => source);
    expect(verdict.explained.map((e) => e.finding)).toEqual([high1]);
    expect(verdict.blocking).toEqual([high2]);
    expect(verdict.advisory).toEqual([medium]);
    expect(judge([high1], () => null).blocking).toEqual([high1]);
    expect(engDisableLines('a\n/* eng-disable NODE_INTEGRATION_JS_CHECK */\nconst eng = "eng-disable";')).toEqual([2]);
  });

  it('S8: the SARIF report carries severity, error level for HIGH and the reason as an in-source suppression', () => {
    const source =
      '// electronegativity-ignore: HIGH_A — proven by the S1 tests\nnew BrowserWindow();\nnew BrowserWindow();\n';
    const findings = [
      finding('HIGH_A', ['HIGH', 3], 2),
      finding('HIGH_A', ['HIGH', 3], 3),
      finding('LOW_C', ['LOW', 1], 1),
    ];
    const verdict = judge(findings, () => source);
    verdict.silenced.push({ file: 'other.ts', line: 7 });
    const sarif = toSarif(findings, verdict, {
      scannerVersion: '1.10.3',
      root: '/repo/src',
      parseErrors: [{ file: 'bad.ts', message: 'Unexpected token' }],
    }) as {
      version: string;
      runs: {
        tool: { driver: { name: string; rules: { id: string }[] } };
        invocations: { executionSuccessful: boolean }[];
        results: Record<string, unknown>[];
      }[];
    };
    const run = sarif.runs[0];
    expect(sarif.version).toBe('2.1.0');
    expect(run?.tool.driver.name).toBe('Electronegativity');
    expect(run?.tool.driver.rules.map((r) => r.id)).toEqual(['HIGH_A', 'LOW_C']);
    expect(run?.invocations[0]?.executionSuccessful).toBe(false);
    expect(run?.results.map((r) => [r.ruleId, r.level, Boolean(r.suppressions)])).toEqual([
      ['HIGH_A', 'error', true],
      ['HIGH_A', 'error', false],
      ['LOW_C', 'note', false],
      ['ENG_DISABLE_NOT_ALLOWED', 'error', false],
    ]);
    expect(run?.results[0]).toMatchObject({
      properties: { severity: 'HIGH' },
      suppressions: [{ kind: 'inSource', justification: 'proven by the S1 tests' }],
    });
  });
});

describe('the Electronegativity gate, run for real (offline)', () => {
  it('S8: Electronegativity over src/ reports no unexplained high-severity finding, and writes SARIF', () => {
    const { status, stdout, sarif } = runGate('src');
    expect(status, stdout).toBe(0);
    expect(stdout).toContain('Security scan passed');
    expect(sarif).toMatchObject({ version: '2.1.0', runs: [{ tool: { driver: { name: 'Electronegativity' } } }] });
  });

  it('S8: fails on an unexplained HIGH finding and on eng-disable, passes once the finding is explained', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gate-fixture-'));
    dirs.push(dir);
    const window = [
      "const { BrowserWindow } = require('electron');",
      'const w = new BrowserWindow({ webPreferences: { contextIsolation: false } });',
      "w.webContents.on('will-navigate', (event) => event.preventDefault());",
      "w.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));",
      '',
    ].join('\n');
    writeFileSync(join(dir, 'main.js'), window);
    const failing = runGate(dir);
    expect(failing.status, failing.stdout).toBe(1);
    expect(failing.stdout).toMatch(/BLOCKING {3}CONTEXT_ISOLATION_JS_CHECK \(HIGH/);

    writeFileSync(
      join(dir, 'main.js'),
      window.replace(
        'const w',
        '// electronegativity-ignore: CONTEXT_ISOLATION_JS_CHECK — fixture: explained on purpose\nconst w',
      ),
    );
    const explained = runGate(dir);
    expect(explained.status, explained.stdout).toBe(0);

    writeFileSync(join(dir, 'other.js'), '// eng-disable NODE_INTEGRATION_JS_CHECK\n');
    const silenced = runGate(dir);
    expect(silenced.status, silenced.stdout).toBe(1);
    expect(silenced.stdout).toContain('eng-disable at other.js:1');
  });
});
