/**
 * The name of the option that trusts an extra CA certificate, shared by the certificate error (core) and the screens
 * that offer it (renderer), so the error always points to an option that exists under that exact name.
 */

/** The option's label, in Settings → Network and on the sign-in form. */
export const EXTRA_CA_OPTION = 'Trust an extra certificate (PEM)';

/** Where the option lives in Settings. */
export const EXTRA_CA_PLACE = 'Settings → Network';

/** The headless command's option that does the same for one run. */
export const EXTRA_CA_CLI_OPTION = '--ca-file <pem>';
