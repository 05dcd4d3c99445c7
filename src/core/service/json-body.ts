/**
 * Parses a response body as JSON without losing the digits of its numbers. `JSON.parse` turns 0.1234567890123456789
 * or 12345678901234567891 into the nearest double, which is not what the service sent; a number whose double does
 * not write back as the text it came from is kept as that text instead (the record parser reads numeric text
 * exactly). Reading the source text needs a reviver, and the engine walks a reviver recursively: a body nested deeper
 * than {@link MAX_REVIVED_DEPTH} is parsed plainly (iteratively, at any depth) so it can never overflow the stack.
 */
import { decimalOfNumber, parseDecimal } from '../../shared/money';

/** Deepest body walked with the reviver: far beyond a sales page (about 3 levels) or a profile. */
export const MAX_REVIVED_DEPTH = 64;

/** True when no array or object in `text` is nested deeper than `limit`; a plain scan, so safe on any body. */
export function nestingWithin(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92) i += 1;
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 || ch === 123) {
      if (++depth > limit) return false;
    } else if (ch === 93 || ch === 125) depth -= 1;
  }
  return true;
}

/** What the engine passes a reviver beside key and value (ES2025 JSON.parse source text access). */
interface ReviverContext {
  source?: string;
}

/** Keeps a number whose double holds every digit sent; otherwise the digits themselves, as text. */
function keepDigits(_key: string, value: unknown, context?: ReviverContext): unknown {
  const source = context?.source;
  if (typeof value !== 'number' || source === undefined || source === String(value)) return value;
  const sent = parseDecimal(source);
  const held = decimalOfNumber(value);
  return sent !== null && held !== null && sent.units === held.units && sent.scale === held.scale ? value : source;
}

/** Parses `text`; throws SyntaxError when it is not JSON. */
export function parseJsonBody(text: string): unknown {
  return nestingWithin(text, MAX_REVIVED_DEPTH) ? (JSON.parse(text, keepDigits) as unknown) : (JSON.parse(text) as unknown);
}
