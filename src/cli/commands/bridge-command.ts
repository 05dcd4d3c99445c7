/**
 * `bridge`: the earned-to-received bridge of a period per currency (B3): opening receivable + earned − reductions −
 * received = closing receivable, exactly. Reads the cache only: no network, no credentials. The JSON shape is a
 * contract scripts depend on.
 */
import { readClosedBridge } from '../../core/books';
import { readHomeBridge } from '../../core/home-currency';
import { homeConversionOption } from '../home-conversion-option';
import { paymentHistoryWarnings, readPaymentHistory } from '../../core/payouts';
import { resolvePeriod, type CommandOptions } from '../cli-args';
import { cliSyncActions, resolveAccount, syncCommandFor } from '../cli-accounts';
import type { CliContext } from '../cli-context';
import type { CliIo } from '../cli-io';
import { printReport, shapeOf, withoutNulls } from '../cli-table';
import { noteSyncUnderWay } from '../sync-under-way';

const KEYS = ['currency', 'from', 'to', 'opening', 'earned', 'reductions', 'received', 'closing'];
const HOME_KEYS = [
  'currency',
  'home',
  'opening',
  'earned',
  'reductions',
  'received',
  'exchangeDifference',
  'closing',
  'earlierRates',
  'unconverted',
];
const HOME_HEADER = [
  'Currency',
  'In',
  'Opening',
  '+ Earned',
  '− Reductions',
  '− Received',
  '+ Exchange difference',
  '= Closing',
  'Earlier-day rates',
  'Unconverted',
];
const HEADER = ['Currency', 'From', 'To', 'Opening', '+ Earned', '− Reductions', '− Received', '= Closing'];

/** Runs `bridge`. */
export async function bridgeCommand(context: CliContext, options: CommandOptions<'bridge'>, io: CliIo): Promise<void> {
  const shape = shapeOf(options, 'bridge');
  const account = resolveAccount(context, options.account);
  const period = resolvePeriod(options, context.today(), 'bridge');
  const cache = context.cache();
  noteSyncUnderWay(cache, account, io);
  // Said before the rows: received and closing are short when payments of the period are missing (R8).
  const history = readPaymentHistory(cache, account.cacheKey, period, context.now());
  const actions = cliSyncActions(syncCommandFor(account, io.program));
  for (const warning of paymentHistoryWarnings(history, actions)) io.stderr(`Warning: ${warning}\n`);
  const conversion = homeConversionOption(context, cache, options, 'bridge');
  if (conversion !== null) {
    const converted = readHomeBridge(cache, account.cacheKey, period, conversion);
    // JSON keeps null for an amount that could not be converted; a table or CSV leaves the cell empty.
    const rows = shape === 'json' ? converted : converted.map(withoutNulls);
    printReport(io, shape, rows, {
      header: HOME_HEADER,
      keys: HOME_KEYS,
      right: [2, 3, 4, 5, 6, 7],
      empty: `No sales to bridge from ${period.from} to ${period.to} in the cache of ${account.label}.`,
    });
    return;
  }
  const rows = readClosedBridge(cache, account.cacheKey, period);
  printReport(io, shape, rows, {
    header: HEADER,
    keys: KEYS,
    right: [3, 4, 5, 6, 7],
    empty: `No sales to bridge from ${period.from} to ${period.to} in the cache of ${account.label}.`,
  });
}
