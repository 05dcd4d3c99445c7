/**
 * The "Home currency and rates" card of Settings (L1): the currency the user keeps their books in, and the European
 * Central Bank's euro reference rates the app holds — where and when they came from, their first and last day — with
 * "Import rates file" for the ECB's historical CSV downloaded on any computer, or, only when turned on, fetching it from
 * the ECB. Works offline from the stored table.
 */
import { Alert, Button, FileInput, Group, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { RATE_DAYS, type RateDay } from '../../../shared/rate-rule';
import { MAX_RATES_FILE_BYTES, type RatesStatus } from '../../../shared/reference-rates';
import { call } from '../common/bridge';
import { formatCount, formatDateTime, formatIsoDay } from '../common/format';
import { FileUploadIcon, InfoIcon } from '../common/icons';
import { notify } from '../common/notify';
import { usePreferences } from '../common/preferences-context';
import { useBridgeQuery } from '../common/use-bridge-query';

/** Every currency the browser knows, by code: the home currency is one of them. */
function currencyChoices(current: string | null): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : ['EUR', 'USD'];
  return current === null || known.includes(current) ? known : [current, ...known];
}

/** The two rate-day settings: which day's rate converts earned commission, and money received. */
const RATE_CHOICES = [
  {
    key: 'earnedRateDay',
    label: 'Earned commission at',
    description: 'Used for what was earned and what is still owed.',
    data: [
      { value: 'own-day', label: 'The rate of its sale date' },
      { value: 'month-end', label: 'The last rate of its sale month' },
    ],
    testId: 'setting-earned-rate',
  },
  {
    key: 'receivedRateDay',
    label: 'Money received at',
    description: 'Used for payouts and what was received.',
    data: [
      { value: 'own-day', label: 'The rate of its payment date' },
      { value: 'month-end', label: 'The last rate of its payment month' },
    ],
    testId: 'setting-received-rate',
  },
] as const;

/** The rate day a select offered, as its type. */
function rateDay(value: string | null): RateDay | undefined {
  return RATE_DAYS.find((day) => day === value);
}

function StatusText({ status }: { status: RatesStatus | null }) {
  if (status === null)
    return (
      <Text size="sm" data-testid="rates-status">
        No reference rates are stored yet. On any computer, download the euro foreign exchange reference rates’ full
        history from the European Central Bank’s website (eurofxref-hist.zip), unzip it, and import eurofxref-hist.csv
        here.
      </Text>
    );
  const from = status.kind === 'file' ? `the file ${status.origin}` : 'the ECB';
  return (
    <Text size="sm" data-testid="rates-status">
      {formatCount(status.days)} days of ECB rates, {formatIsoDay(status.firstDay)} to {formatIsoDay(status.lastDay)},
      for {status.currencies.length} currencies and the euro; from {from}, imported {formatDateTime(status.importedAt)}.
      A day with no rate uses the last earlier one; a currency the ECB does not publish is left unconverted.
    </Text>
  );
}

/** The card. */
export function RatesSetting() {
  const { prefs, update } = usePreferences();
  const [version, setVersion] = useState(0);
  const status = useBridgeQuery(() => call('ratesStatus'), String(version));
  const [error, setError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);

  const stored = (title: string, rates: RatesStatus) => {
    setVersion((v) => v + 1);
    notify({
      kind: 'rates',
      tone: 'success',
      title,
      message: `${formatCount(rates.days)} days of rates up to ${formatIsoDay(rates.lastDay)}.`,
    });
  };

  const [fetching, setFetching] = useState(false);
  const fetchNow = async () => {
    setFetching(true);
    setError(null);
    const result = await call('fetchRates');
    setFetching(false);
    if (!result.ok) return setError(result.error.message);
    stored('Rates fetched from the ECB', result.value);
  };

  const choose = async (file: File | null) => {
    setError(null);
    if (file === null) return;
    if (file.size > MAX_RATES_FILE_BYTES) {
      setError(
        `“${file.name}” is larger than the ECB rates table can be. Choose eurofxref-hist.csv from the ECB’s zip.`,
      );
      return;
    }
    setImporting(true);
    const text = await file.text().catch(() => null);
    const result = text === null ? null : await call('importRates', { fileName: file.name, text });
    setImporting(false);
    if (result === null) return setError(`“${file.name}” could not be read. Choose it again.`);
    if (!result.ok) return setError(result.error.message);
    stored('Rates imported', result.value);
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="settings-rates">
      <Title order={3} size="h5" mb="sm">
        Home currency and rates
      </Title>
      <Stack gap="sm">
        <Select
          label="Home currency"
          description="The currency you keep your books and file taxes in."
          placeholder="Not chosen"
          data={currencyChoices(prefs.homeCurrency)}
          value={prefs.homeCurrency}
          onChange={(value) => update({ homeCurrency: value })}
          searchable
          clearable
          w={220}
          data-testid="setting-home-currency"
        />
        <Group align="flex-start" gap="md">
          {RATE_CHOICES.map((choice) => (
            <Select
              key={choice.key}
              label={choice.label}
              description={choice.description}
              data={choice.data}
              value={prefs[choice.key]}
              onChange={(value) => {
                const day = rateDay(value);
                if (day !== undefined) update({ [choice.key]: day });
              }}
              allowDeselect={false}
              w={300}
              data-testid={choice.testId}
            />
          ))}
        </Group>
        {status.data === null && status.error !== null ? (
          <Alert color="red" variant="light" icon={<InfoIcon size={18} />} p="xs">
            <Text size="sm">The stored rates could not be read: {status.error.message}</Text>
          </Alert>
        ) : status.status !== 'loading' || status.data !== null ? (
          <StatusText status={status.data} />
        ) : null}
        <Group align="center" gap="sm">
          <Switch
            label="Fetch the rates from the ECB (www.ecb.europa.eu)"
            description="Off: the app never goes online for rates. On: it downloads the ECB’s table now and when you ask."
            checked={prefs.ratesFetch}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              update({ ratesFetch: on });
              if (on) void fetchNow();
            }}
            data-testid="setting-rates-fetch"
          />
          {prefs.ratesFetch && (
            <Button size="xs" variant="light" loading={fetching} onClick={() => void fetchNow()}>
              Fetch now
            </Button>
          )}
        </Group>
        <Group>
          <FileInput
            label="Import rates file"
            description="eurofxref-hist.csv, the ECB’s historical rates (unzipped). It replaces the stored rates."
            placeholder="Choose eurofxref-hist.csv"
            accept=".csv,text/csv"
            leftSection={<FileUploadIcon size={16} />}
            onChange={(file) => void choose(file)}
            error={error}
            disabled={importing}
            w={420}
            data-testid="rates-file"
          />
        </Group>
      </Stack>
    </Paper>
  );
}
