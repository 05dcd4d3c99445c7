import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, viewNameIssue } from './preference-rules';
import { preferencesSchema, savedViewSchema } from './preferences';

describe('preference rules without zod', () => {
  it('the defaults are what the settings schema gives an empty or unreadable file', () => {
    expect(preferencesSchema.parse({})).toEqual(DEFAULT_PREFERENCES);
  });

  it('a view name is judged as the schema the main process applies judges it, with the same words', () => {
    const names = [
      '',
      '   ',
      'May',
      '  May  ',
      'x'.repeat(60),
      ` ${'x'.repeat(60)} `,
      'x'.repeat(61),
      'é'.repeat(61),
      '\t\n',
    ];
    for (const name of names) {
      const parsed = savedViewSchema.shape.name.safeParse(name);
      expect(viewNameIssue(name), JSON.stringify(name)).toBe(parsed.success ? null : parsed.error.issues[0]?.message);
    }
  });
});
