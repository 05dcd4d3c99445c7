/**
 * The start requests (and the sales table's first window as it asked for it last time) leave as soon as this runs, and
 * the formatters the first screen uses read their locale data while the answers travel. The entry point imports it
 * before anything else, so it runs first.
 */
import { prepareFormats } from './common/format';
import { sendStartRequests } from './common/start-requests';
import { askRememberedFirstRows } from './sales/rows';

sendStartRequests();
askRememberedFirstRows();
prepareFormats();
