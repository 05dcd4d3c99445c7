/**
 * The `.ci/run` supply-chain gate (S18): runs `npm audit --audit-level=high --json` and exits 1 when a
 * high or critical advisory against a package the app ships (its production dependencies and the packages the
 * renderer bundle takes in, with what they need: `shipped-packages.ts`) is not explained, with
 * a review date not yet passed, in the "Accepted npm audit findings" table of docs/security.md.
 *
 * The audit needs the registry's audit endpoint. When it cannot be reached (offline, or a registry
 * mirror that serves package downloads only and refuses the audit's POST), nothing was checked: the
 * gate prints "npm audit NOT CHECKED" with npm's reason, writes the same line to the summary file
 * that `.ci/run` shows again at the end, and exits 0 so the rest of CI still runs — or 2 when
 * AUDIT_GATE_REQUIRED=1, which CI with full registry access should set. It never reports a clean
 * audit it did not get.
 *
 * Run: node --import tsx scripts/audit-gate.ts [--report saved-audit.json] [--explanations docs/security.md]
 *      [--summary test-reports/npm-audit.txt] [--today yyyy-mm-dd]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import {
  judgeAudit,
  parseAuditOutput,
  parseExplanations,
  passes,
  type AuditFinding,
  type AuditReport,
} from './audit-findings';
import { shippedPackages } from './shipped-packages';

const AUDIT_ARGS = ['audit', '--audit-level=high', '--json'];

/** Runs npm audit in the project folder; its exit status only says whether it found something, so stdout decides. */
function runAudit(shipped: ReadonlySet<string>): AuditReport {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const child = spawnSync(npm, AUDIT_ARGS, {
    encoding: 'utf8',
    timeout: 180_000,
    maxBuffer: 64 * 1024 * 1024,
    shell: process.platform === 'win32',
  });
  if (child.error) return { kind: 'unavailable', reason: `npm could not be run: ${child.error.message}` };
  return parseAuditOutput(child.stdout, shipped);
}

function describe(f: AuditFinding): string {
  return `${f.id} in ${f.packageName} (${f.severity}): ${f.title} ${f.url}`.trim();
}

function writeSummary(path: string, line: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${line}\n`);
}

function main(): number {
  const { values } = parseArgs({
    options: {
      report: { type: 'string' },
      explanations: { type: 'string', default: 'docs/security.md' },
      summary: { type: 'string', default: 'test-reports/npm-audit.txt' },
      today: { type: 'string', default: new Date().toISOString().slice(0, 10) },
    },
  });
  const shipped = shippedPackages('.');
  const report =
    values.report === undefined ? runAudit(shipped) : parseAuditOutput(readFileSync(values.report, 'utf8'), shipped);
  if (report.kind === 'unavailable') {
    const required = process.env.AUDIT_GATE_REQUIRED === '1';
    const line = `npm audit NOT CHECKED: ${report.reason}. No result is known for the packages the app ships${required ? '' : ' (AUDIT_GATE_REQUIRED=1 makes this fail)'}.`;
    console.log(`\n!!! ${line}\n`);
    writeSummary(values.summary, line);
    return required ? 2 : 0;
  }
  const verdict = judgeAudit(
    report.findings,
    parseExplanations(readFileSync(values.explanations, 'utf8')),
    values.today,
  );
  for (const { finding, explanation } of verdict.explained)
    console.log(
      `explained  ${describe(finding)}\n           reason: ${explanation.reason} (review by ${explanation.reviewBy})`,
    );
  for (const { finding, explanation } of verdict.expired)
    console.log(
      `BLOCKING   ${describe(finding)}\n           its explanation's review date ${explanation.reviewBy} has passed`,
    );
  for (const finding of verdict.blocking)
    console.log(`BLOCKING   ${describe(finding)}\n           not explained in ${values.explanations}`);
  for (const explanation of verdict.unused)
    console.log(
      `note       ${explanation.id} (${explanation.packageName}) is explained but no longer reported: remove it`,
    );
  const blocking = verdict.blocking.length + verdict.expired.length;
  const line = passes(verdict)
    ? `npm audit (packages the app ships, high and critical): clean, ${verdict.explained.length} explained finding(s).`
    : `npm audit (packages the app ships, high and critical): ${blocking} finding(s) not explained in ${values.explanations}.`;
  console.log(line);
  writeSummary(values.summary, line);
  return passes(verdict) ? 0 : 1;
}

process.exitCode = main();
