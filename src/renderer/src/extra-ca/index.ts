/**
 * The extra CA certificate an account trusts (for networks that inspect TLS): where it is given, the warning of what
 * trusting one means, an account's line in Settings, and the check that its text can be PEM.
 */
export { AccountExtraCa } from './account-extra-ca';
export { ExtraCaPicker, ExtraCaWarning } from './extra-ca-picker';
export { extraCaPemError, NOT_PEM } from './extra-ca-pem';
