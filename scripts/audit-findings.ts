/**
 * The judgement of the supply-chain gate (S18), apart from running npm: reads the JSON of
 * `npm audit --json`, keeps each advisory of high or critical severity against a package the app ships
 * (`shipped-packages.ts`), and sets it
 * against the accepted findings that docs/security.md explains. Any other advisory blocks. An audit
 * that could not be run (the registry's audit endpoint unreachable, an answer that is not a report)
 * is reported as such, never as a clean result.
 */

/** One advisory against a package the app ships. */
export interface AuditFinding {
  /** GHSA id when the advisory has one, else `npm-<source>`. */
  id: string;
  packageName: string;
  severity: 'high' | 'critical';
  title: string;
  url: string;
}

/** An accepted finding, explained in docs/security.md until a review date. */
export interface AuditExplanation {
  id: string;
  packageName: string;
  reason: string;
  /** yyyy-mm-dd: after this day the explanation no longer counts and the finding blocks again. */
  reviewBy: string;
}

export type AuditReport = { kind: 'report'; findings: AuditFinding[] } | { kind: 'unavailable'; reason: string };

export interface AuditVerdict {
  blocking: AuditFinding[];
  explained: { finding: AuditFinding; explanation: AuditExplanation }[];
  /** Explanations whose review date has passed while their finding is still reported. */
  expired: { finding: AuditFinding; explanation: AuditExplanation }[];
  /** Explanations no finding needs any more: to be removed from the document. */
  unused: AuditExplanation[];
}

const BLOCKING_SEVERITIES = new Set(['high', 'critical']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function advisoryId(url: string, source: unknown): string {
  const ghsa = /GHSA(-[23456789cfghjmpqrvwx]{4}){3}/i.exec(url);
  return ghsa ? ghsa[0] : `npm-${String(source)}`;
}

/** Why `parsed` is an npm error rather than a report, or null when it looks like a report. */
function errorOf(parsed: Record<string, unknown>): string | null {
  if (isRecord(parsed.vulnerabilities) && !isRecord(parsed.error)) return null;
  const error = isRecord(parsed.error) ? parsed.error : {};
  const parts = [text(parsed.message), text(error.code), text(error.summary), text(error.detail)].filter(
    (p) => p.trim() !== '',
  );
  return parts.length > 0 ? parts.join(' — ') : 'npm audit answered without a vulnerability report';
}

/** The advisories of a parsed report's `vulnerabilities` map, high and critical only, each once, of `shipped` packages. */
function findingsOf(vulnerabilities: Record<string, unknown>, shipped: ReadonlySet<string> | null): AuditFinding[] {
  const found = new Map<string, AuditFinding>();
  for (const [name, entry] of Object.entries(vulnerabilities)) {
    if (!isRecord(entry) || !Array.isArray(entry.via) || (shipped !== null && !shipped.has(name))) continue;
    for (const via of entry.via) {
      // A string names another vulnerable package; that package's own entry carries the advisory.
      if (!isRecord(via) || !BLOCKING_SEVERITIES.has(text(via.severity))) continue;
      const url = text(via.url);
      const finding: AuditFinding = {
        id: advisoryId(url, via.source),
        packageName: text(via.name) || name,
        severity: via.severity as AuditFinding['severity'],
        title: text(via.title),
        url,
      };
      found.set(`${finding.id} ${finding.packageName}`, finding);
    }
  }
  return [...found.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/** Reads the standard output of `npm audit --json`. */
export function parseAuditOutput(stdout: string, shipped: ReadonlySet<string> | null = null): AuditReport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return {
      kind: 'unavailable',
      reason: `npm audit printed no JSON report (${stdout.trim().slice(0, 200) || 'nothing'})`,
    };
  }
  if (!isRecord(parsed)) return { kind: 'unavailable', reason: 'npm audit answered without a vulnerability report' };
  const error = errorOf(parsed);
  if (error !== null) return { kind: 'unavailable', reason: error };
  return { kind: 'report', findings: findingsOf(parsed.vulnerabilities as Record<string, unknown>, shipped) };
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim().replace(/^`|`$/g, ''));
}

/**
 * The accepted findings of docs/security.md: the rows of the table under the heading "Accepted npm audit
 * findings", `| GHSA-… | package | reason | yyyy-mm-dd |`. Rows without an advisory id, a reason or a date are ignored.
 */
export function parseExplanations(markdown: string): AuditExplanation[] {
  const section = /^#+ Accepted npm audit findings\s*$([\s\S]*?)(?=^#+ |(?![\s\S]))/m.exec(markdown)?.[1] ?? '';
  return section
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .map(cells)
    .filter(
      ([id, packageName, reason, reviewBy]) =>
        /^GHSA-|^npm-\d+$/i.test(id ?? '') && packageName && reason && /^\d{4}-\d{2}-\d{2}$/.test(reviewBy ?? ''),
    )
    .map(([id = '', packageName = '', reason = '', reviewBy = '']) => ({ id, packageName, reason, reviewBy }));
}

/** Sets the findings against the explanations on `today` (yyyy-mm-dd). */
export function judgeAudit(
  findings: readonly AuditFinding[],
  explanations: readonly AuditExplanation[],
  today: string,
): AuditVerdict {
  const verdict: AuditVerdict = { blocking: [], explained: [], expired: [], unused: [] };
  const matchOf = (f: AuditFinding) =>
    explanations.find((e) => e.id.toLowerCase() === f.id.toLowerCase() && e.packageName === f.packageName);
  for (const finding of findings) {
    const explanation = matchOf(finding);
    if (explanation === undefined) verdict.blocking.push(finding);
    else if (explanation.reviewBy < today) verdict.expired.push({ finding, explanation });
    else verdict.explained.push({ finding, explanation });
  }
  verdict.unused = explanations.filter((e) => !findings.some((f) => matchOf(f) === e));
  return verdict;
}

/** True when the gate passes: no finding without a current explanation. */
export function passes(verdict: AuditVerdict): boolean {
  return verdict.blocking.length === 0 && verdict.expired.length === 0;
}
