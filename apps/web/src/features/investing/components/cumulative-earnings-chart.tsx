import { useId, useMemo } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { moneyTicks } from '#lib/chart-ticks';
import { useMoney, useUtcDayFormat } from '#lib/money';
import { TOOLTIP_STYLE } from '#components/chart-tooltip-style';
import { VALUE_AXIS_TICK } from '#components/chart-value-axis';
import { NUMBER_LOCALES } from '@app/shared/number-locales';

export interface EarningsPoint {
  /** YYYY-MM-DD: a UTC day (accruals run at 00:00 UTC), shown as that day wherever the reader is. */
  date: string;
  /** Earned that day (USD). */
  amount: number;
  /** Earned up to and including that day (USD). */
  cumulative: number;
}

/** The area chart itself: hidden from screen readers, who read the table instead. */
function EarningsAreaChart({ points, fillId }: { points: EarningsPoint[]; fillId: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const date = useUtcDayFormat();
  const rtl = i18n.dir() === 'rtl';
  const shortDate = useMemo(
    () =>
      new Intl.DateTimeFormat(NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'] ?? 'en-US', {
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      }),
    [i18n.resolvedLanguage],
  );
  // Cumulative figures only grow: the last is the largest. Ticks fit it, in cents when small.
  const axis = moneyTicks(Math.max(0, ...points.map((point) => point.cumulative)));

  return (
    <div aria-hidden="true" className="h-60 w-full text-xs" data-testid="earnings-chart">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <defs>
            <linearGradient id={fillId} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="var(--color-brand)" stopOpacity={0.35} />
              <stop offset="100%" stopColor="var(--color-brand)" stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid stroke="var(--color-line)" strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="date"
            reversed={rtl}
            tickFormatter={(value: string) => shortDate.format(new Date(`${value}T00:00:00Z`))}
            stroke="var(--color-muted)"
            tickLine={false}
            minTickGap={24}
          />
          <YAxis
            orientation={rtl ? 'right' : 'left'}
            domain={[0, axis.ticks.at(-1) ?? 1]}
            ticks={axis.ticks}
            interval={0}
            tickFormatter={(value: number) => money(value, axis.decimals)}
            tick={VALUE_AXIS_TICK}
            stroke="var(--color-muted)"
            tickLine={false}
            axisLine={false}
            width="auto"
          />
          <Tooltip
            labelFormatter={(value) => date(typeof value === 'string' ? value : null)}
            formatter={(value) => [money(Number(value)), t('memberExtras.chart.cumulative')]}
            contentStyle={TOOLTIP_STYLE}
          />
          <Area
            type="monotone"
            dataKey="cumulative"
            stroke="var(--color-brand)"
            strokeWidth={2}
            fill={`url(#${fillId})`}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The same figures as a table, newest first, behind "Show table". */
function EarningsTable({ points, title }: { points: EarningsPoint[]; title: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useUtcDayFormat();
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-brand-text">{t('memberExtras.chart.showTable')}</summary>
      <div
        className="mt-2 max-h-64 overflow-y-auto rounded-lg border border-line"
        tabIndex={0}
        role="region"
        aria-label={title}
      >
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="sticky top-0 bg-surface">
            <tr className="border-b border-line text-xs text-muted">
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {t('memberExtras.chart.date')}
              </th>
              <th scope="col" className="px-3 py-2 text-end font-medium">
                {t('memberExtras.chart.daily')}
              </th>
              <th scope="col" className="px-3 py-2 text-end font-medium">
                {t('memberExtras.chart.cumulative')}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...points].reverse().map((point) => (
              <tr key={point.date} className="border-b border-line last:border-b-0">
                <td className="px-3 py-1.5 whitespace-nowrap">{date(point.date)}</td>
                <td className="px-3 py-1.5 text-end tabular-nums">{money(point.amount)}</td>
                <td className="px-3 py-1.5 text-end tabular-nums">{money(point.cumulative)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/**
 * Cumulative earnings drawn with Recharts (docs/decisions/095): axes, a tooltip on hover and keyboard
 * focus, and the same figures as a table for screen readers and anyone who prefers numbers. This
 * module is loaded lazily, so the charting library weighs only on the pages that draw a chart.
 */
export function CumulativeEarningsChart({ points, title }: { points: EarningsPoint[]; title: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useUtcDayFormat();
  const tableId = useId();
  const total = points.at(-1)?.cumulative ?? 0;
  // Only the latest days come (decision 218): a first day whose running total exceeds its own pay
  // means earlier days earned too, so the caption does not say the total was earned in the range.
  const first = points[0];
  const earlierDays =
    first !== undefined && Math.round(first.cumulative * 100) > Math.round(first.amount * 100);
  const summary = t(earlierDays ? 'memberExtras.chart.summaryLatest' : 'memberExtras.chart.summary', {
    total: money(total),
    from: date(first?.date),
    to: date(points.at(-1)?.date),
  });

  return (
    <figure className="min-w-0">
      <EarningsAreaChart points={points} fillId={`${tableId}-fill`} />
      {/* Two lines at least, as the loading state (ChartLoading) reserves them. */}
      <figcaption className="mt-2 min-h-[2lh] text-xs text-muted">{summary}</figcaption>
      <EarningsTable points={points} title={title} />
    </figure>
  );
}
