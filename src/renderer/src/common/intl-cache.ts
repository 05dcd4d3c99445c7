/**
 * Intl formatters (numbers, dates, relative times), built once per locale and options. Building one reads locale data and costs far more than
 * formatting with it, and a screen of sales formats hundreds of days and amounts with a handful of option sets: the
 * first screen's rows spent more time building formatters than drawing.
 */

/** More distinct option sets than this (many currencies × decimals) start the cache over, so it never grows unbounded. */
const MAX_ENTRIES = 500;

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function remembered<T>(cache: Map<string, T>, key: string, build: () => T): T {
  const held = cache.get(key);
  if (held !== undefined) return held;
  // A formatter that cannot be built (an unknown currency code) throws here and is not kept.
  const made = build();
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, made);
  return made;
}

/** `new Intl.NumberFormat(locale, options)`, shared. */
export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return remembered(
    numberFormats,
    `${locale ?? ''}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );
}

/** `new Intl.DateTimeFormat(locale, options)`, shared. */
export function dateTimeFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  return remembered(
    dateTimeFormats,
    `${locale ?? ''}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

const relativeTimeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** `new Intl.RelativeTimeFormat(locale, options)`, shared. */
export function relativeTimeFormat(
  locale: string | undefined,
  options: Intl.RelativeTimeFormatOptions = {},
): Intl.RelativeTimeFormat {
  return remembered(
    relativeTimeFormats,
    `${locale ?? ''}|${JSON.stringify(options)}`,
    () => new Intl.RelativeTimeFormat(locale, options),
  );
}
