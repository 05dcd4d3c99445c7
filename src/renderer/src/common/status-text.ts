/**
 * How a sale's status reads on screen. The statuses the spec lists are written in sentence case ("Pending"); any
 * other word the service sent is kept exactly as sent ("on_hold", "Approved"), so a person can tell it apart from a
 * documented status and quote it to the platform — and dropdowns say plainly that it is not a documented one.
 */
import { isKnownCommissionStatus, isKnownPaymentStatus } from '../../../shared/domain';
import { capitalize, MISSING } from './format';

/** Which status a value is. */
export type StatusKind = 'commission' | 'payment';

/** True when the spec lists `value` for this kind of status. */
export function isDocumentedStatus(kind: StatusKind, value: string): boolean {
  return kind === 'commission' ? isKnownCommissionStatus(value) : isKnownPaymentStatus(value);
}

/** A status as a cell shows it: documented ones capitalised, others verbatim, none as a dash. */
export function statusText(kind: StatusKind, value: string | null): string {
  if (value === null || value === '') return MISSING;
  return isDocumentedStatus(kind, value) ? capitalize(value) : value;
}

/** A status as a dropdown or chip names it: others verbatim and marked "(not a documented status)". */
export function statusChoiceLabel(kind: StatusKind, value: string): string {
  return isDocumentedStatus(kind, value) ? capitalize(value) : `${value} (not a documented status)`;
}
