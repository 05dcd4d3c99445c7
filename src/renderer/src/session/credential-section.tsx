/**
 * The part both sign-in forms share: the api-key, api-secret (with Mantine's show/hide toggle) and app ID fields
 * between whatever a screen puts around them, then the step-titled failure. One component, so both screens name,
 * limit and announce the credentials the same way.
 */
import { Fieldset, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { ChangeEvent, ReactNode } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import { SignInErrorAlert } from './sign-in-error-alert';
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
  /** True after a failed submit dropped the key and secret: their placeholders ask for them again. */
  secretsCleared: boolean;
  autoFocus?: 'apiKey' | 'apiSecret';
  /** Fields above the credentials (the address or the account). */
  leading: ReactNode;
  /** Fields below the credentials. */
  trailing?: ReactNode;
  /** Shown between the fields and the failure. */
  children?: ReactNode;
  error: AppErrorData | null;
  onContinueSessionOnly: () => void;
  /** True while the session-only retry runs. */
  continuing: boolean;
}

/** Secrets and ids are typed exactly: no autofill, spelling marks or capitals. */
const VERBATIM = { autoComplete: 'off', spellCheck: false, autoCapitalize: 'none' } as const;

/** The credential fields and the failure notice of a sign-in form. */
export function CredentialSection(props: CredentialSectionProps) {
  const { fields, errors, disabled, keyRequired, secretsCleared, autoFocus, error } = props;
  const input = (name: CredentialName) => ({
    ...VERBATIM,
    value: fields[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => props.onChange(name, event.currentTarget.value),
    error: errors[name],
    maxLength: FIELD_MAX[name],
    autoFocus: autoFocus === name,
  });
  const keyPlaceholder = secretsCleared && keyRequired ? 'Type your API key again' : props.keyHint;

  return (
    <>
      <Fieldset variant="unstyled" disabled={disabled} p={0} m={0}>
        <Stack gap="sm">
          {props.leading}
          <TextInput label="API key" {...input('apiKey')} placeholder={keyPlaceholder} required={keyRequired} />
          <PasswordInput label="API secret" {...input('apiSecret')} placeholder={secretsCleared ? 'Type your API secret again' : undefined} required />
          <TextInput label="App ID" {...input('appId')} required />
          {props.trailing}
        </Stack>
      </Fieldset>
      {props.children}
      {error && <SignInErrorAlert error={error} onContinueSessionOnly={props.onContinueSessionOnly} continuing={props.continuing} disabled={disabled} />}
    </>
  );
}
