import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, MAX_BODY_VALUES, MAX_LIST_ITEMS, keepNumberDigits, parseJsonBody } from './json-body';
import { SET_ASIDE_KEY, parseSalesPage } from '../../shared/wire-schemas';
import { ServiceError } from './service-errors';

describe('parseJsonBody', () => {
  it('T8: keeps every digit of a number a double cannot hold, as text', () => {
    const body = parseJsonBody(
      '{"data":[{"a":0.12345678901234567890,"b":12345678901234567891,"c":-1.5e400,"d":1e15,"e":12.5,"f":"1.0"}]}',
    );
    expect(body).toEqual({
      data: [{ a: '0.12345678901234567890', b: '12345678901234567891', c: '-1.5e400', d: 1e15, e: 12.5, f: '1.0' }],
    });
  });

  it('leaves an ordinary body untouched, and digits inside strings alone', () => {
    const text =
      '{"status":200,"total":250,"data":[{"reference":"S-0012345678901234567","commission_amount":1.25,"note":"0.12345678901234567890"}]}';
    expect(keepNumberDigits(text)).toBe(text);
    const escaped = '{"a":"quote \\" 0.12345678901234567890","b":0.1}';
    expect(keepNumberDigits(escaped)).toBe(escaped);
  });

  it('T8: parses a body nested up to the cap without overflowing, and still refuses what is not JSON', () => {
    const levels = MAX_BODY_DEPTH - 2;
    expect(() => parseJsonBody(`{"data":[${'['.repeat(levels)}1${']'.repeat(levels)}]}`)).not.toThrow();
    expect(() => parseJsonBody('{"data":[1.2.3]}')).toThrow(SyntaxError);
    expect(() => parseJsonBody('{"data":[{"reference":"S-')).toThrow(SyntaxError);
    expect(() => parseJsonBody('<html><title>Sign in</title></html>')).toThrow(SyntaxError);
  });
});

function refusal(text: string): ServiceError {
  try {
    parseJsonBody(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }
  throw new Error('the body was accepted');
}

describe('S13: the bounds of a reply, checked by a plain scan before JSON.parse', () => {
  it(`S13: nesting deeper than ${MAX_BODY_DEPTH} levels (100,000 here) outside a sale record is refused with a typed error; brackets inside strings do not count`, () => {
    const at = (levels: number): string => `{"meta":[${'['.repeat(levels - 2)}${']'.repeat(levels - 2)}]}`;
    expect(() => parseJsonBody(at(MAX_BODY_DEPTH))).not.toThrow();
    expect(refusal(at(MAX_BODY_DEPTH + 1))).toMatchObject({ code: 'BAD_RESPONSE', refused: 'too-deep' });
    const error = refusal(`{"data":{"rows":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`);
    expect(error.message).toMatch(
      /^The service sent a reply nested more than 256 levels deep, which no report needs; it was refused/,
    );
    expect(parseJsonBody(`{"note":"${'['.repeat(10_000)}"}`)).toEqual({ note: '['.repeat(10_000) });
  });

  it('R5: a sale record nested 100,000 levels deep is set aside with its reason, reference and day; the records around it are read', () => {
    const deep = `${'{"x":['.repeat(50_000)}"]}"${']}'.repeat(50_000)}`;
    const body = parseJsonBody(
      `{"total":3,"data":[{"reference":"A","n":0.12345678901234567890},` +
        `{"reference":"DEEP","transaction_date":"04-03-2026","amount":0.12345678901234567891,"extra":${deep}},` +
        `{"reference":42,"deep":${'['.repeat(300)}${']'.repeat(300)}},{"reference":"C","n":12345678901234567891}]}`,
      true,
    ) as { total: number; data: Record<string, unknown>[] };
    expect(body.total).toBe(3);
    expect(body.data).toHaveLength(4);
    expect(body.data[0]).toEqual({ reference: 'A', n: '0.12345678901234567890' });
    expect(body.data[3]).toEqual({ reference: 'C', n: '12345678901234567891' });
    const reason = expect.stringMatching(/^The record is nested more than 256 levels deep.*set aside/);
    expect(body.data[1]).toEqual({ [SET_ASIDE_KEY]: reason, reference: 'DEEP', transaction_date: '04-03-2026' });
    expect(body.data[2]).toEqual({ [SET_ASIDE_KEY]: reason, reference: '42' });
    expect(parseSalesPage(body).warnings.filter((w) => /set aside/.test(w.reason))).toEqual([
      { reference: 'DEEP', reason },
      { reference: '42', reason },
    ]);
  });

  it(`S13: a top-level list of more than ${MAX_LIST_ITEMS} items is refused; deeper lists and lists in strings are not rows`, () => {
    const rows = (n: number): string =>
      `{"data":[${Array.from({ length: n }, (_, i) => `{"reference":"S-${i}"}`).join(',')}]}`;
    expect((parseJsonBody(rows(MAX_LIST_ITEMS)) as { data: unknown[] }).data).toHaveLength(MAX_LIST_ITEMS);
    const error = refusal(rows(MAX_LIST_ITEMS + 1));
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', refused: 'too-many-rows' });
    expect(error.message).toMatch(/more than 1,000 rows on one page although Commission Desk asks for at most 100/);
    expect(refusal(`[${'0,'.repeat(MAX_LIST_ITEMS)}0]`).refused).toBe('too-many-rows');
    expect(refusal(`{"data":[${'"x",'.repeat(MAX_LIST_ITEMS)}"x"]}`).refused).toBe('too-many-rows');
    expect(() => parseJsonBody(`{"data":[{"wide":[${'1,'.repeat(5_000)}1]}],"empty":[],"one":[ 1 ]}`)).not.toThrow();
  });

  it(`S13: a reply of more than ${MAX_BODY_VALUES.toLocaleString('en')} values is refused before JSON.parse builds them`, () => {
    const values = (n: number): string => `{"data":[{"blob":[${'{},'.repeat(n - 7)}{}]}]}`; // 6 values around n - 6 objects
    expect(() => parseJsonBody(values(MAX_BODY_VALUES))).not.toThrow();
    expect(refusal(values(MAX_BODY_VALUES + 1))).toMatchObject({ code: 'BAD_RESPONSE', refused: 'body-too-large' });
    expect(refusal(`{"data":[{"blob":[${'true,'.repeat(MAX_BODY_VALUES)}null]}]}`).refused).toBe('body-too-large');
  });
});
