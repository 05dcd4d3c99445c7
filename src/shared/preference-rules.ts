/**
 * The preferences' defaults and limits, and the rule for a saved view's name, apart from the zod schemas that apply
 * them to the settings file and to IPC input: the renderer needs these at start, and building those schemas there
 * would cost the first screen tens of milliseconds for checks that run in the main process.
 */
/** At most this many accounts' layouts are remembered; adding one more forgets the one remembered longest. */
export const MAX_REMEMBERED_ACCOUNTS = 100;

/** At most this many saved views per account. */
export const MAX_SAVED_VIEWS = 50;

/** A saved view's name, once trimmed, is at least one and at most this many characters long. */
export const VIEW_NAME_MAX_LENGTH = 60;
export const VIEW_NAME_EMPTY = 'Enter a name for the view.';
export const VIEW_NAME_TOO_LONG = `Use at most ${VIEW_NAME_MAX_LENGTH} characters.`;

/** What is wrong with a saved view's name (the text to show), or null when it is fine. */
export function viewNameIssue(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return VIEW_NAME_EMPTY;
  return trimmed.length > VIEW_NAME_MAX_LENGTH ? VIEW_NAME_TOO_LONG : null;
}

/** The preferences of a fresh install, and what a missing or damaged field falls back to. */
export const DEFAULT_PREFERENCES = Object.freeze({
  theme: 'auto' as const,
  firstSyncDays: 30,
  trailingResyncDays: 60,
  finalSalesRecheckDays: 30,
  backgroundSyncHours: 6,
  fiscalYearStartMonth: 1,
  fiscalYearStartDay: 1,
  homeCurrency: null as string | null,
  ratesFetch: false,
  earnedRateDay: 'own-day' as const,
  receivedRateDay: 'own-day' as const,
  ledgerDateFormat: 'dd/mm/yyyy' as const,
  journalBankAccount: 'Bank',
  journalIncomeAccount: 'Affiliate commission income',
  accounts: Object.freeze({}),
});
