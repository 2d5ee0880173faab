import { useId, useMemo } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { PlanRatePoint } from '@app/shared/schemas/investing';
import { useLabels } from '#lib/labels';
import { useDateFormat } from '#lib/money';
import { TOOLTIP_STYLE } from './chart-tooltip-style';
import { VALUE_AXIS_TICK } from './chart-value-axis';
import { NUMBER_LOCALES } from '@app/shared/number-locales';

/** A step of the chart: the rates from `day` on (percent for the axis, basis points kept). */
interface Step {
  day: string;
  apy: number;
  locked: number;
}

/**
 * The axis' dates: month and full year, in the page's language ("Dec 2026", "dic 2026"): a two-digit
 * year ("Dec 26") reads as a day of the month.
 */
function useShortDate() {
  const { i18n } = useTranslation();
  return useMemo(
    () =>
      new Intl.DateTimeFormat(NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'] ?? 'en-US', {
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    [i18n.resolvedLanguage],
  );
}

/** The step chart itself, hidden from screen readers (the table below says the same). */
function RateStepChart({ steps, showLocked }: { steps: Step[]; showLocked: boolean }) {
  const { t, i18n } = useTranslation();
  const labels = useLabels();
  const date = useDateFormat();
  const shortDate = useShortDate();
  const rtl = i18n.dir() === 'rtl';
  return (
    <div aria-hidden="true" className="h-32 w-full text-xs" data-testid="plan-rate-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={steps} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke="var(--color-line)" strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="day"
            reversed={rtl}
            tickFormatter={(value: string) => shortDate.format(new Date(value))}
            stroke="var(--color-muted)"
            tickLine={false}
            minTickGap={16}
          />
          <YAxis
            orientation={rtl ? 'right' : 'left'}
            domain={[0, 'auto']}
            tickFormatter={(value: number) => labels.percent(Math.round(value * 100))}
            tick={VALUE_AXIS_TICK}
            stroke="var(--color-muted)"
            tickLine={false}
            axisLine={false}
            width={48}
          />
          <Tooltip
            labelFormatter={(value) => date(typeof value === 'string' ? value : null)}
            formatter={(value, name) => [
              labels.percent(Math.round(Number(value) * 100)),
              name === 'locked' ? t('site.rateHistory.locked') : t('site.rateHistory.rate'),
            ]}
            contentStyle={TOOLTIP_STYLE}
          />
          <Line
            type="stepAfter"
            dataKey="apy"
            stroke="var(--color-brand)"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          {showLocked && (
            <Line
              type="stepAfter"
              dataKey="locked"
              stroke="var(--color-muted)"
              strokeDasharray="4 3"
              strokeWidth={1.5}
              dot={false}
              isAnimationActive={false}
            />
          )}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The same figures as a table, newest first, behind a disclosure. */
function RateTable({ points, title }: { points: PlanRatePoint[]; title: string }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const date = useDateFormat();
  const tableId = useId();
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-brand-text">{t('site.rateHistory.showTable')}</summary>
      <div
        className="mt-2 max-h-48 overflow-auto rounded-lg border border-line"
        tabIndex={0}
        role="region"
        aria-labelledby={`${tableId}-caption`}
      >
        <table className="w-full text-start text-sm">
          <caption id={`${tableId}-caption`} className="sr-only">
            {title}
          </caption>
          <thead className="sticky top-0 bg-surface">
            <tr className="border-b border-line text-xs text-muted">
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {t('site.rateHistory.date')}
              </th>
              <th scope="col" className="px-3 py-2 text-end font-medium">
                {t('site.rateHistory.rate')}
              </th>
              <th scope="col" className="px-3 py-2 text-end font-medium">
                {t('site.rateHistory.locked')}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {t('site.rateHistory.renewals')}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...points].reverse().map((point, index) => (
              <tr key={`${point.date}-${index}`} className="border-b border-line last:border-b-0">
                <td className="px-3 py-1.5 whitespace-nowrap">{date(point.date)}</td>
                <td className="px-3 py-1.5 text-end tabular-nums">{labels.percent(point.apy_bps)}</td>
                <td className="px-3 py-1.5 text-end tabular-nums">{labels.percent(point.locked_apy_bps)}</td>
                <td className="px-3 py-1.5 whitespace-nowrap">
                  {point.renewals_from ? date(point.renewals_from) : t('site.rateHistory.opened')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/**
 * A plan's rate history as a small step chart (Recharts, like the earnings chart of decision 095):
 * the rate new investments got from each date, and the locked rate when it differs; the same figures
 * as a table for screen readers and anyone who prefers numbers. Loaded lazily by PlanRateHistory, so
 * the charting library weighs only on a card whose history is opened (decision 193).
 */
export function PlanRateChart({
  points,
  title,
  now = new Date(),
}: {
  points: PlanRatePoint[];
  title: string;
  /** What "ahead" means for a change renewals do not get yet. */
  now?: Date;
}) {
  const { t } = useTranslation();
  const labels = useLabels();
  const date = useDateFormat();
  const steps: Step[] = points.map((point) => ({
    day: point.date,
    apy: point.apy_bps / 100,
    locked: point.locked_apy_bps / 100,
  }));
  // A flat line needs a second point to be drawn: today's, at the same rates.
  const last = points.at(-1);
  if (last && steps.length === 1) steps.push({ ...steps[0]!, day: now.toISOString() });
  const showLocked = points.some((point) => point.locked_apy_bps !== point.apy_bps);
  const first = points[0];
  const pending = last?.renewals_from && new Date(last.renewals_from) > now ? last : null;
  const summary = [
    last &&
      (points.length === 1
        ? t('site.rateHistory.summaryOne', { rate: labels.percent(last.apy_bps), date: date(last.date) })
        : t('site.rateHistory.summaryMany', {
            rate: labels.percent(last.apy_bps),
            date: date(last.date),
            first: labels.percent(first!.apy_bps),
            from: date(first!.date),
          })),
    pending &&
      t('site.rateHistory.pending', {
        rate: labels.percent(pending.apy_bps),
        date: date(pending.renewals_from),
      }),
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <figure className="min-w-0">
      <RateStepChart steps={steps} showLocked={showLocked} />
      <figcaption className="mt-2 text-xs text-muted">{summary}</figcaption>
      <RateTable points={points} title={title} />
    </figure>
  );
}
