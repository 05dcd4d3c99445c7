/**
 * The network session the service client uses (S14), as data the glue applies. Its partition name
 * has no `persist:` prefix, so Electron keeps its cookies and HTTP cache in memory only: nothing
 * the service answers is written to disk outside the app's own cache. The window's session does
 * not spell-check, and its dictionary address points at the app's own scheme, which serves no
 * dictionary, so the spellchecker never downloads from Chromium's servers.
 */
import { APP_ORIGIN } from './app-scheme';

/** The service's session partition (in memory). */
export const SERVICE_PARTITION = 'commission-desk-service';

/** Where a spellchecker would look for dictionaries: on the app's scheme, where none exist. */
export const SPELLCHECKER_DICTIONARY_URL = `${APP_ORIGIN}/no-dictionaries/`;

/** True for a partition Electron keeps in memory only. */
export function isInMemoryPartition(partition: string): boolean {
  return partition !== '' && !partition.startsWith('persist:');
}
