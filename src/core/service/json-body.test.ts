import { describe, expect, it } from 'vitest';
import { keepNumberDigits, parseJsonBody } from './json-body';

describe('parseJsonBody', () => {
  it('T8: keeps every digit of a number a double cannot hold, as text', () => {
    const body = parseJsonBody('{"data":[{"a":0.12345678901234567890,"b":12345678901234567891,"c":-1.5e400,"d":1e15,"e":12.5,"f":"1.0"}]}');
    expect(body).toEqual({ data: [{ a: '0.12345678901234567890', b: '12345678901234567891', c: '-1.5e400', d: 1e15, e: 12.5, f: '1.0' }] });
  });

  it('leaves an ordinary body untouched, and digits inside strings alone', () => {
    const text = '{"status":200,"total":250,"data":[{"reference":"S-0012345678901234567","commission_amount":1.25,"note":"0.12345678901234567890"}]}';
    expect(keepNumberDigits(text)).toBe(text);
    const escaped = '{"a":"quote \\" 0.12345678901234567890","b":0.1}';
    expect(keepNumberDigits(escaped)).toBe(escaped);
  });

  it('T8: parses a body nested 100,000 levels deep without overflowing, and still refuses what is not JSON', () => {
    const deep = `{"data":[${'['.repeat(100_000)}1${']'.repeat(100_000)}]}`;
    expect(() => parseJsonBody(deep)).not.toThrow();
    expect(() => parseJsonBody('{"data":[1.2.3]}')).toThrow(SyntaxError);
    expect(() => parseJsonBody('{"data":[{"reference":"S-')).toThrow(SyntaxError);
  });
});
