/**
 * Mantine's date pickers in the computer's language: month and weekday names come from the dayjs locale matching
 * the OS locale (loaded on first use, English until then or when dayjs has none), and weeks start on the day the
 * OS locale starts them. The days in the fields themselves are written by `formatPickedDays`, with `Intl`.
 */
import { DatesProvider, type DayOfWeek } from '@mantine/dates';
import dayjs from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';

type LocaleModule = { default: ILocale };

/** Every dayjs locale, each its own small chunk, imported only when the OS asks for it. */
const LOCALES = import.meta.glob<LocaleModule>('../../../../../node_modules/dayjs/esm/locale/*.js');

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
    const locale = new Intl.Locale(tag) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
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

/** Runs `work` when the page is idle (within two seconds), or after a task where idle callbacks do not exist. */
function whenIdle(work: () => void): { cancel: () => void } {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 2000 });
    return { cancel: () => cancelIdleCallback(id) };
  }
  const timer = setTimeout(work, 0);
  return { cancel: () => clearTimeout(timer) };
}

/** Wraps date pickers so they speak the OS locale. */
export function OsDatesProvider({ children }: { children: ReactNode }) {
  const tag = navigator.language || 'en';
  const [settings, setSettings] = useState<{ locale: string; firstDayOfWeek: DayOfWeek }>({
    locale: 'en',
    firstDayOfWeek: 1,
  });
  useEffect(() => {
    let current = true;
    // Read once the screen is idle: the week's first day builds an Intl.Locale, which reads locale data that no
    // picker needs before it is opened, and the first screen would wait for it.
    const idle = whenIdle(() => {
      const firstDay = firstDayOfWeek(tag);
      void loadLocale(tag)
        .catch(() => 'en')
        .then((name) => current && setSettings({ locale: name, firstDayOfWeek: firstDay }));
    });
    return () => {
      current = false;
      idle.cancel();
    };
  }, [tag]);
  return <DatesProvider settings={settings}>{children}</DatesProvider>;
}
