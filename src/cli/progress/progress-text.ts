/**
 * The words of a progress report: counts, time left, the plain line written to logs and the bar line redrawn on a
 * terminal (fitted to its width, so it never wraps and leaves a trail of half-lines behind).
 */
import { count } from '../cli-io';
import type { ProgressSnapshot } from './progress-snapshot';

const UNIT_WORDS = { periods: ['period', 'periods'], steps: ['step', 'steps'], sales: ['sale', 'sales'] } as const;

function plural(n: number, [one, many]: readonly [string, string]): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/** "2 of 5 periods, 1,234 sales", "120 of about 400 sales", "4,000 of 10,000 sales". */
export function countsText(s: ProgressSnapshot): string {
  const words = UNIT_WORDS[s.unit];
  const about = s.command === 'sync' && s.unit === 'sales' ? 'about ' : '';
  const counted =
    s.total === null || s.total < s.done
      ? plural(s.done, words)
      : `${count(s.done)} of ${about}${plural(s.total, words)}`;
  return s.unit === 'sales' ? counted : `${counted}, ${plural(s.sales, UNIT_WORDS.sales)}`;
}

/** "45s", "3m 05s", "1h 02m". */
export function etaText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const two = (n: number): string => String(n).padStart(2, '0');
  if (s < 3600) return `${Math.floor(s / 60)}m ${two(s % 60)}s`;
  return `${Math.floor(s / 3600)}h ${two(Math.floor((s % 3600) / 60))}m`;
}

/** One line for a log: "Syncing 2026-01-01 to 2026-03-31: 40% (2 of 5 periods, 1,234 sales), about 12s left". */
export function plainLine(s: ProgressSnapshot): string {
  if (s.percent === null) return `${s.label}: ${countsText(s)} so far`;
  const left = s.etaSeconds !== null && s.percent < 100 ? `, about ${etaText(s.etaSeconds)} left` : '';
  return `${s.label}: ${s.percent}% (${countsText(s)})${left}`;
}

const BAR_MAX = 30;
const BAR_MIN = 10;
/** The fewest characters of a label worth showing before it is left to be cut with the rest. */
const LABEL_MIN = 8;

function bar(percent: number | null, width: number): string {
  const filled = percent === null ? 0 : Math.round((percent / 100) * width);
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
}

/**
 * The terminal's line: "Syncing … ████████░░░░ 40% | 2 of 5 periods, 1,234 sales | ETA 12s", at most `columns - 1` wide:
 * on a narrow terminal the bar shrinks, then goes, then the label is cut.
 */
export function barLine(s: ProgressSnapshot, columns: number): string {
  const percent = s.percent === null ? ' --%' : `${String(s.percent).padStart(3)}%`;
  const eta = s.etaSeconds === null ? '--' : etaText(s.etaSeconds);
  const tail = `${percent} | ${countsText(s)} | ETA ${eta}`;
  const room = columns - 1;
  const width = Math.min(BAR_MAX, room - s.label.length - tail.length - 2);
  const line = width >= BAR_MIN ? `${s.label} ${bar(s.percent, width)} ${tail}` : `${s.label} ${tail}`;
  if (line.length <= room) return line;
  // The share, counts and time left matter more than the whole label: the label is cut first.
  const labelRoom = room - tail.length - 2;
  if (labelRoom >= LABEL_MIN) return `${s.label.slice(0, labelRoom)}… ${tail}`;
  return `${line.slice(0, Math.max(0, room - 1))}…`;
}
