import { describe, expect, it } from 'vitest';
import { convertedHeader, rateDayOf, rateRuleText } from './rate-rule';

describe('L2: the rate rule', () => {
  it('L2: a month-end rule takes the last day of the month, leap years included; the own-day rule the day itself', () => {
    expect(rateDayOf('2028-02-10', 'month-end')).toBe('2028-02-29');
    expect(rateDayOf('2026-02-10', 'month-end')).toBe('2026-02-28');
    expect(rateDayOf('2026-12-01', 'month-end')).toBe('2026-12-31');
    expect(rateDayOf('2026-04-30', 'month-end')).toBe('2026-04-30');
    expect(rateDayOf('2026-04-12', 'own-day')).toBe('2026-04-12');
  });

  it('L2: headers and the rule text name the rule chosen for each kind of amount', () => {
    const rule = { earned: 'own-day', received: 'month-end' } as const;
    expect(convertedHeader('Commission', 'GBP', 'earned', rule)).toBe(
      'Commission in GBP (approx. at ECB rate of its sale date)',
    );
    expect(convertedHeader('Received', 'GBP', 'received', rule)).toBe(
      'Received in GBP (approx. at ECB last rate of its payment month)',
    );
    const text = rateRuleText('GBP', rule);
    expect(text).toContain('Earned commission at the rate of its sale date');
    expect(text).toContain('money received at the last rate of its payment month');
    expect(text).toContain('half away from zero');
  });
});
