/**
 * Commission over time, one Mantine bar chart per currency (amounts in different currencies are never stacked,
 * added or drawn on one scale): each panel names its currency and has its own y-scale, written short so 9-digit
 * amounts fit; the time axis skips labels that would overlap; hovering a bar shows its period, the exact amount in
 * the currency's own decimals and its number of sales.
 */
import { BarChart } from '@mantine/charts';
import { Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { SeriesPoint } from '../../../../shared/sales-query-types';
import { formatDecimalMoney, formatIsoDay, pluralize } from '../../common/format';
import {
  chartRows,
  compactAmount,
  seriesByCurrency,
  type ChartInterval,
  type ChartRow,
  type CurrencySeries,
} from './chart-scale';

const HEIGHT = 160;

/** Props of {@link CommissionChart}. */
export interface CommissionChartProps {
  points: SeriesPoint[] | null;
  interval: ChartInterval;
  onIntervalChange: (interval: ChartInterval) => void;
}

function periodLabel(period: string, interval: ChartInterval): string {
  if (interval === 'month') {
    const [y, m] = period.split('-').map(Number) as [number, number];
    return new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(y, m - 1, 1)),
    );
  }
  return formatIsoDay(period);
}

function periodTitle(period: string, interval: ChartInterval): string {
  if (interval === 'week') return `Week of ${formatIsoDay(period)}`;
  return periodLabel(period, interval);
}

/** "CHF · Swiss franc": the code people see on their statements and its name. */
function currencyTitle(code: string): string {
  try {
    const name = new Intl.DisplayNames(undefined, { type: 'currency' }).of(code);
    return name && name !== code ? `${code} · ${name}` : code;
  } catch {
    return code;
  }
}

/** The "Commission over time" card. */
export function CommissionChart({ points, interval, onIntervalChange }: CommissionChartProps) {
  const data = points ? seriesByCurrency(points, interval) : null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="commission-chart">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Text fw={600}>Commission earned over time</Text>
        <SegmentedControl
          size="xs"
          value={interval}
          onChange={(value) => onIntervalChange(value as ChartInterval)}
          data={[
            { value: 'day', label: 'Day' },
            { value: 'week', label: 'Week' },
            { value: 'month', label: 'Month' },
          ]}
          aria-label="Chart interval"
        />
      </Group>
      {data === null ? (
        <Skeleton height={HEIGHT} />
      ) : data.series.length === 0 ? (
        <Text size="sm" c="dimmed" py="lg" ta="center">
          No commission in this range.
        </Text>
      ) : (
        <>
          {data.series.length > 1 && (
            <Text size="xs" c="dimmed" mb="xs">
              One chart per currency, each on its own scale: compare the shapes, not the heights.
            </Text>
          )}
          <SimpleGrid
            cols={{ base: 1, md: Math.min(2, data.series.length), xl: Math.min(3, data.series.length) }}
            spacing="lg"
            verticalSpacing="md"
          >
            {data.series.map((series) => (
              <CurrencyBars key={series.currency} series={series} periods={data.periods} interval={interval} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Paper>
  );
}

function CurrencyBars({
  series,
  periods,
  interval,
}: {
  series: CurrencySeries;
  periods: string[];
  interval: ChartInterval;
}) {
  const rows = chartRows(series, periods);
  return (
    <div data-testid="chart-currency" data-currency={series.currency} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} mb={4} data-testid="chart-title">
        {currencyTitle(series.currency)}
      </Text>
      <BarChart
        h={HEIGHT}
        data={rows}
        dataKey="period"
        series={[
          { name: 'amount', label: `Commission (${series.currency})`, color: 'var(--mantine-primary-color-filled)' },
        ]}
        valueFormatter={(value) => compactAmount(value)}
        gridAxis="x"
        tickLine="none"
        minBarSize={0}
        xAxisProps={{
          tickFormatter: (period: string) => periodLabel(period, interval),
          interval: 'preserveStartEnd',
          minTickGap: 24,
        }}
        yAxisProps={{ width: 'auto', tickCount: 3, allowDecimals: false }}
        tooltipAnimationDuration={0}
        tooltipProps={{
          content: ({ active, payload }) => (
            <BarTooltip active={active} row={rowOf(payload)} currency={series.currency} interval={interval} />
          ),
        }}
        // The axis measures its labels but not the 10 px Mantine shifts them left by: that much room on the left.
        barChartProps={{ accessibilityLayer: true, margin: { left: 12, right: 8, top: 4, bottom: 0 } }}
        aria-label={`Commission per ${interval} in ${series.currency}`}
        role="img"
      />
    </div>
  );
}

/** The row under the bar the tooltip is for (Recharts hands over the row it was given, untyped). */
function rowOf(payload: readonly { payload?: unknown }[] | undefined): ChartRow | null {
  const row = payload?.[0]?.payload;
  return typeof row === 'object' && row !== null && 'period' in row ? (row as ChartRow) : null;
}

function BarTooltip({
  active,
  row,
  currency,
  interval,
}: {
  active: boolean | undefined;
  row: ChartRow | null;
  currency: string;
  interval: ChartInterval;
}) {
  if (!active || row === null) return null;
  return (
    <Paper withBorder shadow="md" radius="sm" px="sm" py={6} data-testid="chart-tooltip" data-period={row.period}>
      <Text size="xs" c="dimmed">
        {periodTitle(row.period, interval)}
      </Text>
      <Text size="sm" fw={600} className="amount">
        {row.commission === null ? 'No sales' : formatDecimalMoney(row.commission, currency)}
      </Text>
      {row.count > 0 && (
        <Text size="xs" c="dimmed">
          {pluralize(row.count, 'sale', 'sales')}
        </Text>
      )}
    </Paper>
  );
}
