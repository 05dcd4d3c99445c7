/**
 * Imported first by the entry point, so the start requests (and the sales table's first window as it asked for it
 * last time) leave as soon as the script runs: before the modules of React, Mantine and the screens are evaluated (a
 * quarter of a second on a slow machine), not after them.
 */
import { sendStartRequests } from './common/start-requests';
import { askRememberedFirstRows } from './sales/early-first-rows';

sendStartRequests();
askRememberedFirstRows();
