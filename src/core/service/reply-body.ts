/**
 * What a 2xx answer really was (N3, N5). A proxy, a captive portal or a server in trouble can answer 200 with an empty
 * body, an HTML page, or JSON cut off half-way; and some services answer 200 with an error status inside the JSON. All
 * of these are passing conditions, so they become failures the retry policy judges like the status or the 5xx they
 * stand for, each described by what came back.
 */
import { parseJsonBody } from './json-body';
import type { AttemptFailure } from './retry-policy';
import { ServiceError } from './service-errors';

/** A body read as JSON, or the failure it stands for. */
export type ReplyVerdict = { kind: 'json'; body: unknown } | AttemptFailure;

const HTML_START = /^\s*(?:<!doctype\s+html|<html|<head|<body|<\?xml|<)/i;
const TITLE = /<title[^>]*>([^<]{1,200})<\/title>/i;

/** A short, printable excerpt of what the service sent. */
function excerpt(text: string): string {
  const flat = text
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > 40 ? `${flat.slice(0, 40)}…` : flat;
}

function describeHtml(text: string): string {
  const title = TITLE.exec(text)?.[1];
  return title === undefined || excerpt(title) === '' ? 'an HTML page' : `an HTML page (“${excerpt(title)}”)`;
}

/** JSON.parse's words for text that stopped before the JSON was complete. */
const ENDED_EARLY = /end of JSON input|Unterminated/i;

/** Describes a body that is not JSON: empty, a web page, cut off, or something else; `error` is JSON.parse's. */
export function describeUnreadable(text: string, contentType: string | null, error?: unknown): string {
  if (text.trim() === '') return 'an empty reply';
  if (HTML_START.test(text) || /html/i.test(contentType ?? '')) return describeHtml(text);
  const start = text.trimStart()[0];
  const json = start === '{' || start === '[';
  if (json && error instanceof Error && ENDED_EARLY.test(error.message))
    return `a reply cut off after ${text.length.toLocaleString('en')} characters`;
  return json ? 'a reply that is not valid JSON' : `a reply that is not JSON (it begins “${excerpt(text)}”)`;
}

/** An error status inside a 200 body, as some services send: the status it names, or null. */
function statusInside(body: unknown): AttemptFailure | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const { status, message, data } = body as { status?: unknown; message?: unknown; data?: unknown };
  if (typeof status !== 'number' || status < 400 || status > 599 || data !== undefined) return null;
  return { kind: 'status', status, retryAfter: null, detail: typeof message === 'string' ? message : null };
}

/** Judges the body of a 2xx answer; `records`: its `data` lists sale records (see `parseJsonBody`). */
export function judgeReply(text: string, contentType: string | null, records = false): ReplyVerdict {
  let body: unknown;
  try {
    body = parseJsonBody(text, records);
  } catch (error) {
    // A reply beyond the bounds (S13) is refused outright: another try would only fetch it again.
    if (error instanceof ServiceError) throw error;
    return { kind: 'bad-body', what: describeUnreadable(text, contentType, error) };
  }
  return statusInside(body) ?? { kind: 'json', body };
}
