/**
 * `changes`: what the service changed on the cached sales (R2) — statuses, amounts with their currencies, currencies,
 * dates, sales it stopped reporting — each with when it was seen, and whether it restates a paid period (the sale had
 * been paid, so a payout already reported is no longer what the cache now says). It reads the cache only: no network,
 * no credentials. Without --since, the changes of the last completed sync, as the app's Changes tab shows them.
 */
import { checkTimeText } from '../../shared/dates';
import { CHANGE_FIELD_LABELS, isAmountChange } from '../../shared/sale-changes';
import type { SaleChange } from '../../shared/sales-query-types';
import type { SalesCache } from '../../core/cache';
import type { CommandOptions } from '../cli-args';
import { resolveAccount } from '../cli-accounts';
import type { CliContext } from '../cli-context';
import { count, type CliIo } from '../cli-io';
import { printRows, shapeOf } from '../cli-table';

/** Entries read at a time (the most the change log query gives). */
const PAGE = 10_000;

/**
 * Every change after `since` (or since the last completed sync), oldest first. Each next page starts just before the
 * last entry's instant, so entries sharing it are read again, not skipped; ids already read are left out.
 */
function readChanges(cache: SalesCache, account: string, since: string | undefined): SaleChange[] {
  const read = new Map<number, SaleChange>();
  let from = since;
  for (;;) {
    const page = cache.changesSince(account, { ...(from === undefined ? {} : { since: from }), limit: PAGE });
    const before = read.size;
    for (const change of page) read.set(change.id, change);
    const last = page.at(-1);
    if (page.length < PAGE || last === undefined || read.size === before) return [...read.values()];
    from = new Date(Date.parse(last.changedAt) - 1).toISOString();
  }
}

/** A value as the table shows it: an amount with its currency, "none" for no value. */
function valueText(change: SaleChange, value: string | null, currency: string | null): string {
  if (value === null || value === '') return 'none';
  return isAmountChange(change.field) && currency !== null ? `${value} ${currency}` : value;
}

function row(change: SaleChange): Record<string, string> {
  return {
    seen: checkTimeText(change.changedAt),
    reference: change.reference,
    saleDate: change.transactionDate ?? '',
    change: CHANGE_FIELD_LABELS[change.field],
    from: valueText(change, change.oldValue, change.oldCurrency),
    to: valueText(change, change.newValue, change.newCurrency),
    restates: change.restatement ? `paid ${change.paidOn ?? '(no payment date)'}` : '',
  };
}

/** Runs `changes`. */
export async function changesCommand(
  context: CliContext,
  options: CommandOptions<'changes'>,
  io: CliIo,
): Promise<void> {
  const shape = shapeOf(options, 'changes');
  const account = resolveAccount(context, options.account);
  // The start of the day given, in the user's time zone, as the app's spans are.
  const since = options.since === undefined ? undefined : new Date(`${options.since}T00:00:00`).toISOString();
  const all = readChanges(context.cache(), account.cacheKey, since);
  const changes = options.restatements === true ? all.filter((c) => c.restatement) : all;
  if (shape === 'json') {
    io.stdout(`${JSON.stringify(changes, null, 2)}\n`);
    return;
  }
  if (shape === 'table' && changes.length === 0) {
    const what = options.restatements === true ? 'No restatements of paid sales' : 'No changes';
    const when = options.since === undefined ? 'in the last sync' : `since ${options.since}`;
    io.stdout(`${what} ${when} in the cache of ${account.label}.\n`);
    return;
  }
  printRows(
    io,
    shape,
    changes.map(row),
    ['Seen', 'Reference', 'Sale date', 'Change', 'From', 'To', 'Restates'],
    ['seen', 'reference', 'saleDate', 'change', 'from', 'to', 'restates'],
    [],
  );
  const restated = new Set(changes.filter((c) => c.restatement).map((c) => c.reference)).size;
  if (shape === 'table' && restated > 0) {
    const what =
      restated === 1
        ? 'sale was paid before changing: the payout of its payment date is restated'
        : 'sales were paid before changing: the payouts of their payment dates are restated';
    io.stderr(`Note: ${count(restated)} ${what}.\n`);
  }
}
