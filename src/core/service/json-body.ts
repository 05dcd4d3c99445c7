/**
 * Parses a response body as JSON without losing the digits of its numbers. `JSON.parse` turns 0.1234567890123456789
 * or 12345678901234567891 into the nearest double, which is not what the service sent. Before parsing, a plain scan
 * of the text (no recursion, so any nesting is fine) puts quotes around every number whose double would not write
 * back as the same decimal; the record parser reads such numeric text exactly. Numbers of up to 15 digits, which a
 * double always holds, are left alone, so an ordinary page is parsed as it came.
 */
import { decimalOfNumber, parseDecimal } from '../../shared/money';

/** A number token of the JSON grammar; anything else is left for JSON.parse to refuse. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function isNumberChar(code: number): boolean {
  return (code >= 48 && code <= 57) || code === 46 || code === 101 || code === 69 || code === 43 || code === 45;
}

/** True when the double of `token` does not stand for exactly the decimal `token` writes. */
function losesDigits(token: string): boolean {
  if (token.length <= 15 && !token.includes('e') && !token.includes('E')) return false;
  if (!JSON_NUMBER.test(token)) return false;
  const sent = parseDecimal(token);
  const held = decimalOfNumber(Number(token));
  return sent === null || held === null || sent.units !== held.units || sent.scale !== held.scale;
}

/** `text` with every number that a double cannot hold exactly written as a string of its digits. */
export function keepNumberDigits(text: string): string {
  const parts: string[] = [];
  let last = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92) i += 1;
      else if (code === 34) inString = false;
    } else if (code === 34) {
      inString = true;
    } else if (code === 45 || (code >= 48 && code <= 57)) {
      let end = i + 1;
      while (end < text.length && isNumberChar(text.charCodeAt(end))) end += 1;
      const token = text.slice(i, end);
      if (losesDigits(token)) {
        parts.push(text.slice(last, i), `"${token}"`);
        last = end;
      }
      i = end - 1;
    }
  }
  if (last === 0) return text;
  parts.push(text.slice(last));
  return parts.join('');
}

/** Parses `text`; throws SyntaxError when it is not JSON. */
export function parseJsonBody(text: string): unknown {
  return JSON.parse(keepNumberDigits(text)) as unknown;
}
