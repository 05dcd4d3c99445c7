/**
 * Mantine's date pickers in the computer's language: month and weekday names come from the dayjs locale matching
 * the OS locale (loaded on first use, English until then or when dayjs has none), and weeks start on the day the
 * OS locale starts them. The days in the fields themselves are written by `formatPickedDays`, with `Intl`.
 */
import { DatesProvider, type DayOfWeek } from '@mantine/dates';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState, type ReactNode } from 'react';

type LocaleModule = { default: ILocale };

/** Every dayjs locale, each its own small chunk, imported only when the OS asks for it. */
const LOCALES = import.meta.glob<LocaleModule>('../../../../node_modules/dayjs/esm/locale/*.js');

function localeLoader(tag: string): (() => Promise<LocaleModule>) | undefined {
  return LOCALES[`../../../../node_modules/dayjs/esm/locale/${tag}.js`];
}

/** The dayjs locale names to try for a BCP 47 tag, most specific first ("de-CH" → "de-ch", "de"). */
export function dayjsLocaleNames(tag: string): string[] {
  const lower = tag.toLowerCase();
  const base = lower.split('-')[0] ?? lower;
  return lower === base ? [base] : [lower, base];
}

/** The first day of the week in the OS locale (0 Sunday … 6 Saturday); Monday where the browser does not say. */
function firstDayOfWeek(tag: string): DayOfWeek {
  try {
    const locale = new Intl.Locale(tag) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
    const first = locale.getWeekInfo?.().firstDay ?? locale.weekInfo?.firstDay;
    return first === undefined ? 1 : ((first % 7) as DayOfWeek);
  } catch {
    return 1;
  }
}

async function loadLocale(tag: string): Promise<string> {
  for (const name of dayjsLocaleNames(tag)) {
    if (name === 'en') return 'en';
    const load = localeLoader(name);
    if (load === undefined) continue;
    const module = await load();
    // Registered on the dayjs the pickers use, whichever copy the locale file imported.
    dayjs.locale(module.default, undefined, true);
    return module.default.name;
  }
  return 'en';
}

/** Wraps date pickers so they speak the OS locale. */
export function OsDatesProvider({ children }: { children: ReactNode }) {
  const tag = navigator.language || 'en';
  const [locale, setLocale] = useState('en');
  useEffect(() => {
    let current = true;
    void loadLocale(tag)
      .then((name) => current && setLocale(name))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [tag]);
  // Reading the week's first day builds an Intl.Locale: once per tag, not at every render of the filter bar.
  const settings = useMemo(() => ({ locale, firstDayOfWeek: firstDayOfWeek(tag) }), [locale, tag]);
  return <DatesProvider settings={settings}>{children}</DatesProvider>;
}
