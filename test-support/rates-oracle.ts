/**
 * An integer-arithmetic oracle for conversions at ECB reference rates (L5), written apart from the app's rate table:
 * the rates file read with plain string splitting, each rate an integer ratio, the amount converted through the euro
 * and rounded half away from zero once. Not used by the app.
 */
import { readFileSync } from 'node:fs';

/** Units per euro as `[numerator, denominator]`, by day and currency, from an ECB historical CSV. */
export function ratesOf(path: string): Map<string, Map<string, [bigint, bigint]>> {
  const [header, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  const columns = (header ?? '').split(',');
  const out = new Map<string, Map<string, [bigint, bigint]>>();
  for (const line of lines) {
    const cells = line.split(',');
    const day = new Map<string, [bigint, bigint]>([['EUR', [1n, 1n]]]);
    columns.forEach((currency, i) => {
      const text = cells[i] ?? '';
      if (i === 0 || !/^\d+(\.\d+)?$/.test(text)) return;
      const [whole, fraction = ''] = text.split('.');
      day.set(currency, [BigInt(`${whole}${fraction}`), 10n ** BigInt(fraction.length)]);
    });
    out.set(cells[0] as string, day);
  }
  return out;
}

/** `minor` of `from` (with `fromDigits`) on `day` or the last earlier published day, in minor units of `to`. */
export function convertedMinor(
  rates: Map<string, Map<string, [bigint, bigint]>>,
  minor: bigint,
  from: [string, number],
  to: [string, number],
  day: string,
): bigint {
  const published = [...rates.keys()].filter((d) => d <= day).sort();
  const onDay = rates.get(published.at(-1) ?? '');
  const source = onDay?.get(from[0]);
  const target = onDay?.get(to[0]);
  if (source === undefined || target === undefined) throw new Error(`no rate for ${from[0]} or ${to[0]} on ${day}`);
  const num = minor * source[1] * target[0] * 10n ** BigInt(to[1]);
  const den = source[0] * target[1] * 10n ** BigInt(from[1]);
  const negative = num < 0n;
  const magnitude = negative ? -num : num;
  const rounded = (magnitude * 2n + den) / (den * 2n);
  return negative ? -rounded : rounded;
}
