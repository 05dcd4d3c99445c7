/** The one check the renderer makes of an extra CA certificate's text before sending it: that it can be PEM at all. */

/** The line every PEM certificate starts with. */
const PEM_CERTIFICATE_START = '-----BEGIN CERTIFICATE-----';

/**
 * Told before anything is sent when pasted or chosen text cannot be a PEM certificate at all; the main process checks
 * the rest (a CA, valid today) and says why it refuses one.
 */
export const NOT_PEM =
  'This is not a PEM certificate: the text must contain a line “-----BEGIN CERTIFICATE-----”. Ask your IT department for the root certificate as a PEM (Base-64) file.';

/** The problem of an extra certificate's text, or null when it is empty or looks like PEM. */
export function extraCaPemError(text: string): string | null {
  return text.trim() === '' || text.includes(PEM_CERTIFICATE_START) ? null : NOT_PEM;
}
