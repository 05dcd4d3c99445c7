import type { DateFormatter } from '@mantine/dates';
import { describe, expect, it } from 'vitest';
import {
  capitalize,
  channelName,
  formatBytes,
  formatCount,
  formatCountry,
  formatDateTime,
  formatDecimalMoney,
  formatDuration,
  formatIsoDay,
  formatMinorMoney,
  formatMoney,
  formatPickedDays,
  formatRelativeTime,
  minorToDecimal,
  initialsOf,
  isHttpsUrl,
  isLoadableImageUrl,
  MISSING,
  pluralize,
  unreadableRecordsNotice,
} from './format';

// Intl output uses narrow no-break spaces in some locales; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('formats in the sale’s own currency', () => {
    expect(formatMoney(1234.5, 'USD', 'en-US')).toBe('$1,234.50');
    expect(plain(formatMoney(1234.5, 'EUR', 'de-DE'))).toBe('1.234,50 €');
    expect(formatMoney(1000, 'JPY', 'en-US')).toBe('¥1,000');
  });

  it('accepts lower-case and padded codes', () => {
    expect(formatMoney(5, ' gbp ', 'en-GB')).toBe('£5.00');
  });

  it('keeps the number and code when the code is not a currency code', () => {
    expect(formatMoney(12.345, 'EURO', 'en-US')).toBe('12.35 EURO');
    expect(formatMoney(12, '', 'en-US')).toBe('12');
    expect(formatMoney(12, null, 'en-US')).toBe('12');
  });

  it('shows a dash for missing or non-finite amounts', () => {
    expect(formatMoney(null, 'USD', 'en-US')).toBe(MISSING);
    expect(formatMoney(Number.NaN, 'USD', 'en-US')).toBe(MISSING);
    expect(formatMoney(Number.POSITIVE_INFINITY, 'USD', 'en-US')).toBe(MISSING);
  });

  it('formats negative amounts (refunds) without losing the sign', () => {
    expect(formatMoney(-3.2, 'USD', 'en-US')).toBe('-$3.20');
  });
});

describe('formatIsoDay', () => {
  it('formats the calendar day as written, whatever the local time zone', () => {
    expect(formatIsoDay('2025-01-01', 'en-US')).toBe('Jan 1, 2025');
    expect(formatIsoDay('2024-12-31', 'en-US')).toBe('Dec 31, 2024');
    expect(formatIsoDay('2024-02-29', 'en-GB')).toBe('29 Feb 2024');
  });

  it('returns unexpected shapes as they are and a dash for null', () => {
    expect(formatIsoDay('31-12-2024', 'en-US')).toBe('31-12-2024');
    expect(formatIsoDay('', 'en-US')).toBe('');
    expect(formatIsoDay(null, 'en-US')).toBe(MISSING);
  });
});

describe('one way to write a day', () => {
  it('date pickers write the picked days as the tables do', () => {
    const formatter: DateFormatter = formatPickedDays;
    const input = { locale: 'en', format: 'MMMM D, YYYY', labelSeparator: '–' };
    expect(formatter({ ...input, type: 'default', date: '2026-11-05' })).toBe(formatIsoDay('2026-11-05'));
    expect(formatter({ ...input, type: 'default', date: new Date(2026, 10, 5, 23, 30) })).toBe(
      formatIsoDay('2026-11-05'),
    );
    expect(formatter({ ...input, type: 'range', date: ['2026-10-01', '2026-12-31'] })).toBe(
      `${formatIsoDay('2026-10-01')} – ${formatIsoDay('2026-12-31')}`,
    );
    expect(formatter({ ...input, type: 'range', date: ['2026-10-01', null] })).toBe(`${formatIsoDay('2026-10-01')} – `);
    expect(formatter({ ...input, type: 'range', date: [null, null] })).toBe('');
    expect(formatter({ ...input, type: 'multiple', date: ['2026-01-02', '2026-01-03 10:00:00'] })).toBe(
      `${formatIsoDay('2026-01-02')}, ${formatIsoDay('2026-01-03')}`,
    );
    expect(formatter({ ...input, type: 'default', date: null })).toBe('');
  });

  it('a time shows its day exactly as a day alone does', () => {
    for (const locale of ['en-US', 'de-DE', 'ja-JP', 'ar-EG']) {
      const time = formatDateTime(new Date(2026, 2, 4, 12).toISOString(), locale);
      expect([locale, time.startsWith(formatIsoDay('2026-03-04', locale))]).toEqual([locale, true]);
    }
  });
});

describe('formatCount', () => {
  it('groups digits in the given locale', () => {
    expect(formatCount(1234567, 'en-US')).toBe('1,234,567');
    expect(plain(formatCount(1234567, 'fr-FR'))).toBe('1 234 567');
    expect(formatCount(0, 'en-US')).toBe('0');
  });

  it('shows a dash, not zero, for a missing number', () => {
    expect(formatCount(null, 'en-US')).toBe(MISSING);
  });
});

describe('formatCountry', () => {
  it('names the country and keeps the code', () => {
    expect(formatCountry('DE')).toBe('Germany (DE)');
    expect(formatCountry('us')).toBe('United States (US)');
  });

  it('shows unknown or malformed codes as sent', () => {
    expect(formatCountry('QM')).toBe('QM');
    expect(formatCountry('Germany')).toBe('Germany');
    expect(formatCountry('')).toBe(MISSING);
    expect(formatCountry(null)).toBe(MISSING);
  });
});

describe('initialsOf', () => {
  it('takes first and last initials of the first usable name', () => {
    expect(initialsOf('Jane van Doe', 'jdoe')).toBe('JD');
    expect(initialsOf(null, 'jane_doe')).toBe('JD');
    expect(initialsOf('  ', '@cher')).toBe('C');
    expect(initialsOf(null, null)).toBe('');
  });

  it('does not split characters outside the basic plane', () => {
    expect(initialsOf('𝒜lice')).toBe('𝒜');
  });
});

describe('image URL checks', () => {
  it('accepts only https', () => {
    expect(isHttpsUrl('https://cdn.example.com/a.png')).toBe(true);
    expect(isHttpsUrl('http://cdn.example.com/a.png')).toBe(false);
    expect(isHttpsUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpsUrl('data:image/png;base64,AAAA')).toBe(false);
    expect(isHttpsUrl('not a url')).toBe(false);
    expect(isHttpsUrl(null)).toBe(false);
  });

  it('skips hosts reserved never to resolve', () => {
    expect(isLoadableImageUrl('https://cdn.example.com/a.png')).toBe(true);
    expect(isLoadableImageUrl('https://images.commission-desk.invalid/a.png')).toBe(false);
    expect(isLoadableImageUrl('https://images.commission-desk.INVALID./a.png')).toBe(false);
    expect(isLoadableImageUrl('http://cdn.example.com/a.png')).toBe(false);
  });
});

describe('sentences', () => {
  it('pluralizes counts', () => {
    expect(pluralize(1, 'sale', 'sales', 'en-US')).toBe('1 sale');
    expect(pluralize(0, 'sale', 'sales', 'en-US')).toBe('0 sales');
    expect(pluralize(1200, 'sale', 'sales', 'en-US')).toBe('1,200 sales');
  });

  it('words the unreadable-records notice', () => {
    expect(unreadableRecordsNotice(1, 'en-US')).toBe('1 record could not be read and is not shown');
    expect(unreadableRecordsNotice(3, 'en-US')).toBe('3 records could not be read and are not shown');
  });

  it('capitalizes status words and dashes missing ones', () => {
    expect(capitalize('pending')).toBe('Pending');
    expect(capitalize(null)).toBe(MISSING);
  });
});

describe('channelName', () => {
  it('writes known platforms their own way and keeps others', () => {
    expect(channelName('youtube')).toBe('YouTube');
    expect(channelName(' TikTok ')).toBe('TikTok');
    expect(channelName('mastodon')).toBe('Mastodon');
    expect(channelName(null)).toBe(MISSING);
  });
});

describe('exact money', () => {
  it('writes minor units as decimal strings without floats', () => {
    expect(minorToDecimal(12345, 2)).toBe('123.45');
    expect(minorToDecimal(5, 2)).toBe('0.05');
    expect(minorToDecimal(-5, 2)).toBe('-0.05');
    expect(minorToDecimal(1000, 0)).toBe('1000');
    expect(minorToDecimal(30, 2)).toBe('0.30');
    expect(minorToDecimal(9_007_199_254_740_991, 2)).toBe('90071992547409.91');
  });

  it('formats decimal strings exactly in their currency, never rounding digits away', () => {
    expect(formatDecimalMoney('1234.50', 'EUR', 'en-US')).toBe('€1,234.50');
    expect(formatDecimalMoney('0.30', 'USD', 'en-US')).toBe('$0.30');
    expect(formatDecimalMoney('90071992547409.91', 'USD', 'en-US')).toBe('$90,071,992,547,409.91');
    expect(formatDecimalMoney('1.005', 'USD', 'en-US')).toBe('$1.005');
    expect(formatDecimalMoney('-3.5', 'GBP', 'en-GB')).toBe('-£3.50');
    expect(formatDecimalMoney('1000', 'JPY', 'en-US')).toBe('¥1,000');
    expect(plain(formatDecimalMoney('1234.5', 'EUR', 'de-DE'))).toBe('1.234,50 €');
  });

  it('A4: shows every amount of a currency with that currency’s decimals, 0 to 3, and more only when the value has them', () => {
    // The cache keeps HUF at two decimals (ISO 4217) while its amounts are shown without: zeros beyond are not digits.
    expect(plain(formatDecimalMoney('1234.00', 'HUF', 'en-US'))).toBe('HUF 1,234');
    expect(plain(formatDecimalMoney('1234.5', 'HUF', 'en-US'))).toBe('HUF 1,234.50');
    expect(formatDecimalMoney('987654321', 'JPY', 'en-US')).toBe('¥987,654,321');
    expect(formatDecimalMoney('12.5', 'JPY', 'en-US')).toBe('¥12.5');
    expect(plain(formatDecimalMoney('987654321.1', 'KWD', 'en-US'))).toBe('KWD 987,654,321.100');
    expect(plain(formatDecimalMoney('0.250', 'BHD', 'en-US'))).toBe('BHD 0.250');
    expect(plain(formatDecimalMoney('5.000', 'IQD', 'en-US'))).toBe('IQD 5');
    expect(plain(formatDecimalMoney('5.25', 'IQD', 'en-US'))).toBe('IQD 5.250');
    expect(plain(formatDecimalMoney('123456789.00', 'CHF', 'en-US'))).toBe('CHF 123,456,789.00');
    expect(formatDecimalMoney('1.0050', 'USD', 'en-US')).toBe('$1.005');
    expect(plain(formatMinorMoney(98765432100, 2, 'HUF', 'en-US'))).toBe('HUF 987,654,321');
  });

  it('keeps number and code for an unknown currency, and a dash for nothing', () => {
    expect(formatDecimalMoney('12.30', 'EURO', 'en-US')).toBe('12.30 EURO');
    expect(formatDecimalMoney(null, 'EUR', 'en-US')).toBe(MISSING);
    expect(formatDecimalMoney('n/a', 'EUR', 'en-US')).toBe('n/a');
    expect(formatMinorMoney(123456, 2, 'EUR', 'en-US')).toBe('€1,234.56');
    expect(formatMinorMoney(null, 2, 'EUR', 'en-US')).toBe(MISSING);
  });
});

describe('times', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('says how long ago in words', () => {
    expect(formatRelativeTime('2026-11-22T11:59:55Z', now, 'en-US')).toBe('just now');
    expect(formatRelativeTime('2026-11-22T11:57:00Z', now, 'en-US')).toBe('3 minutes ago');
    expect(formatRelativeTime('2026-11-22T09:00:00Z', now, 'en-US')).toBe('3 hours ago');
    expect(formatRelativeTime('2026-11-21T12:00:00Z', now, 'en-US')).toBe('yesterday');
    expect(formatRelativeTime('2026-08-22T12:00:00Z', now, 'en-US')).toBe('3 months ago');
    expect(formatRelativeTime(null, now, 'en-US')).toBe('never');
  });

  it('formats an instant as local date and time', () => {
    expect(formatDateTime('2026-11-22T12:00:00Z', 'en-US')).toMatch(/Nov 22, 2026/);
    expect(formatDateTime(null, 'en-US')).toBe(MISSING);
    expect(formatDateTime('garbage', 'en-US')).toBe('garbage');
  });

  it('writes short durations for time left', () => {
    expect(formatDuration(9)).toBe('9 s');
    expect(formatDuration(150)).toBe('3 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(4800)).toBe('1 h 20 min');
    expect(formatDuration(null)).toBe(MISSING);
    expect(formatDuration(-1)).toBe(MISSING);
  });
});

describe('formatBytes', () => {
  it('writes sizes in binary units', () => {
    expect(formatBytes(0, 'en-US')).toBe('0 bytes');
    expect(formatBytes(812 * 1024, 'en-US')).toBe('812 KB');
    expect(formatBytes(1.4 * 1024 ** 3, 'en-US')).toBe('1.4 GB');
    expect(formatBytes(-1, 'en-US')).toBe(MISSING);
  });
});
