/**
 * Checks the "Service address" field while the user types. Credentials must never travel over plain
 * HTTP, so the form refuses anything but a well-formed `https://` address before a request is made
 * (the main process checks again: this check only makes the mistake visible early).
 */

/** The one sentence shown for an address the app will not use. */
export const SERVICE_ADDRESS_HINT = 'Use the https:// address from your account dashboard';

/** Shown when the field is empty at submit. */
export const SERVICE_ADDRESS_REQUIRED = 'Enter the service address from your account dashboard';

/** How strict to be: `typing` forgives a half-typed `https://`, `final` (blur or submit) does not. */
export type AddressCheckMode = 'typing' | 'final';

/**
 * The problem with `value` as a service address, or null when it is usable (or, while typing,
 * not wrong yet). Plain `http:` is flagged at once, even mid-typing, because it is never right.
 */
export function serviceAddressError(value: string, mode: AddressCheckMode): string | null {
  const text = value.trim();
  if (text === '') return mode === 'final' ? SERVICE_ADDRESS_REQUIRED : null;
  const lower = text.toLowerCase();
  if (mode === 'typing' && 'https://'.startsWith(lower)) return null;
  if (/^[a-z][a-z0-9+.-]*:/.test(lower) && !lower.startsWith('https:')) return SERVICE_ADDRESS_HINT;
  if (mode === 'typing' && !lower.startsWith('https://')) return null;
  return isUsableHttpsAddress(text) ? null : SERVICE_ADDRESS_HINT;
}

function isUsableHttpsAddress(text: string): boolean {
  if (/\s/.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === '' &&
    url.search === '' &&
    url.hash === ''
  );
}
