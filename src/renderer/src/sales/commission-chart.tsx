/**
 * Commission over time as inline SVG bars, one small chart per currency (amounts in different currencies are never
 * stacked or added). Each bar names its period, amount and sales on hover; the axis top is a round amount.
 */
import { Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { SeriesPoint } from '../../../shared/sales-query-types';
import { formatDecimalMoney, formatIsoDay, formatMinorMoney, pluralize } from '../common/format';
import { labelIndexes, niceCeiling, seriesByCurrency, type ChartInterval, type CurrencySeries } from './chart-scale';

const HEIGHT = 130;
const AXIS_LEFT = 66;
const AXIS_BOTTOM = 20;
const TOP = 8;

/** Props of {@link CommissionChart}. */
export interface CommissionChartProps {
  points: SeriesPoint[] | null;
  interval: ChartInterval;
  onIntervalChange: (interval: ChartInterval) => void;
}

function periodLabel(period: string, interval: ChartInterval): string {
  if (interval === 'month') {
    const [y, m] = period.split('-').map(Number) as [number, number];
    return new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
  }
  return formatIsoDay(period);
}

function periodTitle(period: string, interval: ChartInterval): string {
  if (interval === 'week') return `Week of ${formatIsoDay(period)}`;
  return periodLabel(period, interval);
}

/** The "Commission over time" card. */
export function CommissionChart({ points, interval, onIntervalChange }: CommissionChartProps) {
  const data = points ? seriesByCurrency(points, interval) : null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="commission-chart">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Text fw={600}>Commission over time</Text>
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
      <div>
        {data === null ? (
          <Skeleton height={HEIGHT} />
        ) : data.series.length === 0 ? (
          <Text size="sm" c="dimmed" py="lg" ta="center">
            No commission in this range.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, lg: Math.min(3, data.series.length) }} spacing="lg" verticalSpacing="sm">
            {data.series.map((series) => (
              <SizedBars key={series.currency} series={series} periods={data.periods} interval={interval} />
            ))}
          </SimpleGrid>
        )}
      </div>
    </Paper>
  );
}

/** One currency's chart, as wide as its grid cell. */
function SizedBars(props: { series: CurrencySeries; periods: string[]; interval: ChartInterval }) {
  const { ref, width } = useElementSize();
  return (
    <div ref={ref} style={{ minWidth: 0 }}>
      <CurrencyBars {...props} width={width} />
    </div>
  );
}

function CurrencyBars({ series, periods, interval, width }: { series: CurrencySeries; periods: string[]; interval: ChartInterval; width: number }) {
  if (width <= AXIS_LEFT + 20) return null;
  const top = niceCeiling(series.maxMinor);
  const plotWidth = width - AXIS_LEFT - 4;
  const plotHeight = HEIGHT - AXIS_BOTTOM - TOP;
  const band = plotWidth / Math.max(1, periods.length);
  const barWidth = Math.max(1, band * 0.72);
  const y = (minor: number) => TOP + plotHeight - (minor / top) * plotHeight;
  const labels = labelIndexes(periods.length, Math.max(2, Math.floor(plotWidth / 110)));
  return (
    <div data-testid="chart-currency" data-currency={series.currency}>
      <Text size="xs" fw={600} c="dimmed" mb={2}>
        {series.currency}
      </Text>
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-label={`Commission per ${interval} in ${series.currency}`}
        style={{ display: 'block', overflow: 'visible' }}
      >
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={AXIS_LEFT}
              x2={width - 4}
              y1={y(top * f)}
              y2={y(top * f)}
              stroke="var(--mantine-color-default-border)"
              strokeDasharray={f === 0 ? undefined : '3 3'}
            />
            <text x={AXIS_LEFT - 6} y={y(top * f) + 4} textAnchor="end" fontSize={10} fill="var(--mantine-color-dimmed)">
              {formatMinorMoney(Math.round(top * f), series.scale, series.currency)}
            </text>
          </g>
        ))}
        {series.points.map((point, i) => {
          if (point === null || point.commissionMinor <= 0) return null;
          const x = AXIS_LEFT + i * band + (band - barWidth) / 2;
          const barTop = y(point.commissionMinor);
          return (
            <rect
              key={point.period}
              x={x}
              y={barTop}
              width={barWidth}
              height={Math.max(1, TOP + plotHeight - barTop)}
              rx={Math.min(3, barWidth / 3)}
              fill="var(--mantine-primary-color-filled)"
              data-testid="chart-bar"
              data-period={point.period}
              data-value={point.commission}
            >
              <title>{`${periodTitle(point.period, interval)}: ${formatDecimalMoney(point.commission, point.currency)} (${pluralize(point.count, 'sale', 'sales')})`}</title>
            </rect>
          );
        })}
        {labels.map((i) => (
          <text
            key={i}
            x={AXIS_LEFT + i * band + band / 2}
            y={HEIGHT - 4}
            textAnchor={i === 0 && periods.length > 1 ? 'start' : i === periods.length - 1 && periods.length > 1 ? 'end' : 'middle'}
            fontSize={10}
            fill="var(--mantine-color-dimmed)"
          >
            {periodLabel(periods[i] ?? '', interval)}
          </text>
        ))}
      </svg>
    </div>
  );
}
