/**
 * The "Ledger files" card of Settings (L3): how ledger files write dates (the bookkeeping program's own setting decides
 * which it reads) and the two accounts a journal file posts each payout to. The command line's `ledger` uses them too.
 * An account name is saved when the field is left, once it is valid; an empty or too long one says so and is not saved.
 */
import { Group, Paper, Select, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { JOURNAL_ACCOUNT_MAX_LENGTH, LEDGER_DATE_FORMATS, type LedgerDateFormat } from '../../../shared/ledger';
import { usePreferences } from '../common/preferences-context';

type AccountField = 'journalBankAccount' | 'journalIncomeAccount';

function accountIssue(name: string): string | null {
  if (name.trim().length === 0) return 'Enter the account’s name as your bookkeeping program shows it.';
  return name.trim().length > JOURNAL_ACCOUNT_MAX_LENGTH
    ? `Use at most ${JOURNAL_ACCOUNT_MAX_LENGTH} characters.`
    : null;
}

function AccountInput({ field, label, description }: { field: AccountField; label: string; description: string }) {
  const { prefs, update } = usePreferences();
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? prefs[field];
  const issue = draft === null ? null : accountIssue(draft);
  const save = () => {
    if (draft === null || issue !== null) return;
    update({ [field]: draft.trim() });
    setDraft(null);
  };
  return (
    <TextInput
      label={label}
      description={description}
      value={value}
      error={issue}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={save}
      onKeyDown={(event) => event.key === 'Enter' && save()}
      w={300}
      data-testid={`setting-${field}`}
    />
  );
}

/** The card. */
export function LedgerSetting() {
  const { prefs, update } = usePreferences();
  return (
    <Paper withBorder radius="md" p="md" data-testid="settings-ledger">
      <Title order={3} size="h5" mb="sm">
        Ledger files
      </Title>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Select
          label="Dates in ledger files"
          description="As your bookkeeping program reads them."
          data={[...LEDGER_DATE_FORMATS]}
          value={prefs.ledgerDateFormat}
          allowDeselect={false}
          onChange={(value) => value !== null && update({ ledgerDateFormat: value as LedgerDateFormat })}
          w={200}
          data-testid="setting-ledger-date-format"
        />
        <AccountInput
          field="journalBankAccount"
          label="Journal: bank account"
          description="Debited with each payout."
        />
        <AccountInput
          field="journalIncomeAccount"
          label="Journal: income account"
          description="Credited with the commission it settles."
        />
      </Group>
    </Paper>
  );
}
