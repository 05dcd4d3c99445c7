/**
 * The part both sign-in forms share: the api-key, api-secret (with Mantine's show/hide toggle) and app ID fields
 * between whatever a screen puts around them, the form's buttons, then the step-titled failure. One component, so both
 * screens name, limit and announce the credentials the same way. The failure comes after the buttons so that showing
 * it moves nothing the user was working with, and after a refused send focus goes to the one field to type again.
 */
import { Fieldset, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, type ChangeEvent, type ReactNode } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import { SignInErrorAlert, type TrustCertificateOffer } from './sign-in-error-alert';
import { FIELD_MAX, type CredentialFields } from './sign-in-form';

type CredentialName = keyof CredentialFields;

/** Props of {@link CredentialSection}. */
export interface CredentialSectionProps {
  fields: CredentialFields;
  errors: Readonly<Record<CredentialName, string | null>>;
  onChange: (name: CredentialName, value: string) => void;
  /** Locks every field while a request runs. */
  disabled: boolean;
  /** False when the stored api-key can be kept, so the field may stay empty. */
  keyRequired: boolean;
  /** The api-key's placeholder until a failed submit clears it. */
  keyHint?: string | undefined;
  /** True after a failed submit dropped the secret: its placeholder asks for it again. */
  secretsCleared: boolean;
  autoFocus?: 'apiKey' | 'apiSecret';
  /** Fields above the credentials (the address or the account). */
  leading: ReactNode;
  /** Fields below the credentials. */
  trailing?: ReactNode;
  /** Shown between the fields and the buttons. */
  children?: ReactNode;
  /** The form's buttons, above the failure so it does not push them around. */
  actions?: ReactNode;
  error: AppErrorData | null;
  /** Failed sends so far; each new one moves focus to the api-secret field, the one to type again. */
  failures?: number;
  /** Offered in a certificate failure: the screen's own extra-certificate option. */
  trustCertificate?: TrustCertificateOffer | undefined;
  onContinueSessionOnly: () => void;
  /** True while the session-only retry runs. */
  continuing: boolean;
}

/** Secrets and ids are typed exactly: no autofill, spelling marks or capitals. */
const VERBATIM = { autoComplete: 'off', spellCheck: false, autoCapitalize: 'none' } as const;

/**
 * After a refused send: focus in the secret field, and the failure (below the buttons) scrolled into view on a short
 * window — unless that would hide the field, which then wins.
 */
function showFailure(secret: HTMLInputElement | null, failure: HTMLElement | null): void {
  secret?.focus({ preventScroll: true });
  failure?.scrollIntoView({ block: 'nearest' });
  const field = secret?.getBoundingClientRect();
  if (secret && field && (field.top < 0 || field.bottom > window.innerHeight))
    secret.scrollIntoView({ block: 'nearest' });
}

/** The credential fields and the failure notice of a sign-in form. */
export function CredentialSection(props: CredentialSectionProps) {
  const { fields, errors, disabled, keyRequired, secretsCleared, autoFocus, error, failures = 0 } = props;
  const secretRef = useRef<HTMLInputElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failures > 0) showFailure(secretRef.current, failureRef.current);
  }, [failures]);
  const input = (name: CredentialName) => ({
    ...VERBATIM,
    value: fields[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => props.onChange(name, event.currentTarget.value),
    error: errors[name],
    maxLength: FIELD_MAX[name],
    autoFocus: autoFocus === name,
  });

  return (
    <>
      <Fieldset variant="unstyled" disabled={disabled} p={0} m={0}>
        <Stack gap="sm">
          {props.leading}
          <TextInput label="API key" {...input('apiKey')} placeholder={props.keyHint} required={keyRequired} />
          <PasswordInput
            ref={secretRef}
            label="API secret"
            {...input('apiSecret')}
            placeholder={secretsCleared ? 'Type your API secret again' : undefined}
            required
          />
          <TextInput label="App ID" {...input('appId')} required />
          {props.trailing}
        </Stack>
      </Fieldset>
      {props.children}
      {props.actions}
      {error && (
        <div ref={failureRef}>
          <SignInErrorAlert
            error={error}
            onContinueSessionOnly={props.onContinueSessionOnly}
            continuing={props.continuing}
            disabled={disabled}
            trustCertificate={props.trustCertificate}
          />
        </div>
      )}
    </>
  );
}
