/**
 * The date inputs' own state. Typing a year digit by digit passes through dates like 0002-05-01,
 * so edits are committed to the view (and fetched) only once the person pauses or leaves the
 * field, and only when the range is valid; problems are shown after the same pause.
 */
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { rangeProblems, type RangeProblems } from './sales-filters';

const SETTLE_MS = 400;

/** A date range as typed. */
export interface DateRange {
  startDate: string;
  endDate: string;
}

/** The typed range, its shown problems and the handlers the inputs need. */
export interface RangeDraft {
  range: DateRange;
  /** Problems of the range as of the last pause; empty while none. */
  problems: RangeProblems;
  /** True when the typed range can be used right now (for actions like export). */
  usable: boolean;
  change: (patch: Partial<DateRange>) => void;
  /** Commits at once, e.g. when a field loses focus. */
  settle: () => void;
}

function hasProblems(problems: RangeProblems): boolean {
  return Boolean(problems.startDate ?? problems.endDate);
}

/** Tracks the typed range and commits valid ranges through `onCommit` after a pause. */
export function useRangeDraft(initial: DateRange, onCommit: (range: DateRange) => void): RangeDraft {
  const [range, setRange] = useState(initial);
  const [problems, setProblems] = useState<RangeProblems>({});

  const commit = useDebouncedCallback((next: DateRange) => {
    const found = rangeProblems(next.startDate, next.endDate);
    setProblems(found);
    if (!hasProblems(found)) onCommit(next);
  }, SETTLE_MS);

  const change = (patch: Partial<DateRange>) => {
    const next = { ...range, ...patch };
    setRange(next);
    commit(next);
  };

  return {
    range,
    problems,
    usable: !hasProblems(rangeProblems(range.startDate, range.endDate)),
    change,
    settle: () => commit.flush(),
  };
}
