/**
 * The rules of the Electronegativity gate (S8), kept pure so they are tested without
 * running the scanner: which findings block the build (HIGH or worse, not explained), what counts
 * as an explanation (an inline `electronegativity-ignore: <CHECK> — <reason>` comment on the line
 * of the finding or in the comment block right above it), and how the SARIF report records both.
 * The scanner's own `eng-disable` comments are refused, because they silence a check without a
 * reason anyone can review.
 */
import { pathToFileURL } from 'node:url';
import { z } from 'zod';

/** One finding as the scanner reports it (parsed, since it comes from another package). */
export const findingSchema = z.object({
  id: z.string(),
  severity: z.object({ name: z.string(), value: z.number() }),
  confidence: z.object({ name: z.string(), value: z.number() }),
  /** Path relative to the scanned folder. */
  file: z.string(),
  /** Global checks may report no location; line 0 then matches no annotation. */
  location: z.object({ line: z.number(), column: z.number() }).default({ line: 0, column: 0 }),
  description: z.string(),
  manualReview: z.boolean().optional(),
});
export type Finding = z.infer<typeof findingSchema>;

/** Severity value of HIGH in the scanner's scale (INFORMATIONAL 0 … HIGH 3). */
export const HIGH_SEVERITY = 3;

/** An inline explanation of one check. */
export interface Annotation {
  check: string;
  reason: string;
  /** 1-based line the comment is on. */
  line: number;
}

const ANNOTATION = /electronegativity-ignore:\s*([A-Z0-9_]+)\s*(?:—|–|--|-|:)\s*(\S.*?)\s*(?:\*\/|-->)?\s*$/;
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*|<!--)/;
const MIN_REASON_CHARS = 10;

/** The annotations in one line of source, if any, with a reason long enough to mean something. */
export function annotationOn(text: string, line: number): Annotation | null {
  const match = ANNOTATION.exec(text);
  const check = match?.[1];
  const reason = match?.[2];
  if (!check || !reason || reason.length < MIN_REASON_CHARS) return null;
  return { check, reason, line };
}

/** The annotation explaining `check` at `line` (1-based): on that line, or in the comment lines right above. */
export function explanationFor(sourceLines: readonly string[], check: string, line: number): Annotation | null {
  const same = annotationOn(sourceLines[line - 1] ?? '', line);
  if (same?.check === check) return same;
  for (let n = line - 1; n >= 1; n -= 1) {
    const text = sourceLines[n - 1] ?? '';
    if (!COMMENT_LINE.test(text)) break;
    const found = annotationOn(text, n);
    if (found?.check === check) return found;
  }
  return null;
}

/** The gate's verdict. */
export interface GateResult {
  /** HIGH or worse, without an explanation: these fail the run. */
  blocking: Finding[];
  /** Explained inline (any severity). */
  explained: { finding: Finding; annotation: Annotation }[];
  /** Below HIGH and not explained: reported, not blocking. */
  advisory: Finding[];
  /** Files that silence checks with the scanner's own `eng-disable`, which is not allowed. */
  silenced: { file: string; line: number }[];
}

/** Sorts findings into blocking, explained and advisory; `source` reads a scanned file's text by its relative path. */
export function judge(findings: readonly Finding[], source: (file: string) => string | null): GateResult {
  const result: GateResult = { blocking: [], explained: [], advisory: [], silenced: [] };
  for (const finding of findings) {
    const text = source(finding.file);
    const annotation = text === null ? null : explanationFor(text.split('\n'), finding.id, finding.location.line);
    if (annotation) result.explained.push({ finding, annotation });
    else if (finding.severity.value >= HIGH_SEVERITY) result.blocking.push(finding);
    else result.advisory.push(finding);
  }
  return result;
}

/** Lines that use the scanner's own `eng-disable` comments. */
export function engDisableLines(text: string): number[] {
  const lines: number[] = [];
  text.split('\n').forEach((line, i) => {
    if (/eng-disable/.test(line) && COMMENT_LINE.test(line)) lines.push(i + 1);
  });
  return lines;
}

/** What the SARIF report says about the run besides the findings. */
export interface SarifRunInfo {
  scannerVersion: string;
  /** Absolute path of the scanned folder; result paths are relative to it. */
  root: string;
  parseErrors: readonly { file: string; message: string }[];
}

function levelOf(finding: Finding, blocking: boolean): 'error' | 'warning' | 'note' {
  if (blocking || finding.severity.value >= HIGH_SEVERITY) return 'error';
  return finding.severity.value >= 2 ? 'warning' : 'note';
}

/** A finding's place; global checks report the file "N/A" and get no location. */
function location(file: string, line: number, column = 0) {
  if (file === 'N/A') return [];
  return [
    {
      physicalLocation: {
        artifactLocation: { uri: file, uriBaseId: 'SRCROOT' },
        region: { startLine: Math.max(1, line), startColumn: column + 1 },
      },
    },
  ];
}

/**
 * The SARIF 2.1.0 report of a scan: every finding with its severity and confidence, `error` for
 * HIGH, an in-source suppression carrying the reason for an explained one, `eng-disable` uses as
 * results of their own, and unparsed files as tool notifications.
 */
export function toSarif(findings: readonly Finding[], verdict: GateResult, info: SarifRunInfo): object {
  const rules = [...new Map(findings.map((f) => [f.id, f])).values()].map((f) => ({
    id: f.id,
    fullDescription: { text: f.description },
    helpUri: `https://github.com/doyensec/electronegativity/wiki/${f.id}`,
  }));
  const results = findings.map((finding) => {
    const explained = verdict.explained.find((e) => e.finding === finding);
    return {
      ruleId: finding.id,
      level: levelOf(finding, verdict.blocking.includes(finding)),
      message: { text: finding.description },
      locations: location(finding.file, finding.location.line, finding.location.column),
      properties: {
        severity: finding.severity.name,
        confidence: finding.confidence.name,
        manualReview: finding.manualReview ?? false,
      },
      ...(explained ? { suppressions: [{ kind: 'inSource', justification: explained.annotation.reason }] } : {}),
    };
  });
  const silenced = verdict.silenced.map((s) => ({
    ruleId: 'ENG_DISABLE_NOT_ALLOWED',
    level: 'error',
    message: {
      text: 'A check is silenced with eng-disable; explain it with "electronegativity-ignore: <CHECK> — <reason>" instead.',
    },
    locations: location(s.file, s.line),
  }));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'Electronegativity',
            version: info.scannerVersion,
            informationUri: 'https://github.com/doyensec/electronegativity',
            rules,
          },
        },
        originalUriBaseIds: { SRCROOT: { uri: pathToFileURL(`${info.root}/`).href } },
        invocations: [
          {
            executionSuccessful: info.parseErrors.length === 0,
            toolExecutionNotifications: info.parseErrors.map((e) => ({
              level: 'error',
              message: { text: `Not parsed, so not checked: ${e.message}` },
              locations: location(e.file, 1),
            })),
          },
        ],
        results: [...results, ...silenced],
      },
    ],
  };
}
