/**
 * The start requests (and the sales table's first window as it asked for it last time) leave as soon as this runs, and
 * the formatters the first screen uses read their locale data while the answers travel.
 * The build makes this a script of its own that runs before the main one, while the browser is still compiling that
 * (electron.vite.config.ts); the entry point also imports it first, which is what runs it under the dev server.
 */
import { prepareFormats } from './common/format';
import { sendStartRequests } from './common/start-requests';
import { askRememberedFirstRows } from './sales/rows';

sendStartRequests();
askRememberedFirstRows();
prepareFormats();
