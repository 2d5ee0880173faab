import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type DefaultLegendContentProps,
} from 'recharts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOverviewResponse } from '@app/shared/schemas/admin-members';
import { moneyTicks } from '#lib/chart-ticks';
import { useMoney } from '#lib/money';
import { TOOLTIP_STYLE } from '#components/chart-tooltip-style';
import { VALUE_AXIS_TICK } from '#components/chart-value-axis';
import { NUMBER_LOCALES } from '@app/shared/number-locales';

/** What both charts share: the days' axis runs right to left in RTL, its ticks are short dates. */
interface DayAxis {
  rtl: boolean;
  tick: (value: string) => string;
}

/**
 * The overview's charts (Recharts, loaded lazily with this module): money in and out per day and new
 * members per day over 30 days. The figures are also in a table for screen readers (OverviewPage).
 */
export function OverviewCharts({ data }: { data: AdminOverviewResponse }) {
  const { i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const shortDate = new Intl.DateTimeFormat(NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'] ?? 'en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const tick = (value: string) => shortDate.format(new Date(`${value}T00:00:00Z`));
  return (
    <div className="grid gap-6 lg:grid-cols-2" aria-hidden="true">
      <MoneyChart data={data} rtl={rtl} tick={tick} />
      <MembersChart data={data} rtl={rtl} tick={tick} />
    </div>
  );
}

/**
 * A bar chart over the 30 days: the grid and the days' axis both charts share, then the caller's own
 * value axis, tooltip and bars.
 */
function DayBarChart<Row extends { day: string }>({
  testId,
  rows,
  rtl,
  tick,
  children,
}: DayAxis & { testId: string; rows: Row[]; children: ReactNode }) {
  return (
    <div className="h-64 text-xs" data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} accessibilityLayer={false}>
          <CartesianGrid stroke="var(--color-line)" strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="day"
            reversed={rtl}
            tickFormatter={tick}
            stroke="var(--color-muted)"
            minTickGap={24}
          />
          {children}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/**
 * The legend: each series' colour and name. Recharts' own legend names each icon "<name> legend icon"
 * (English, whatever the language); here the swatch is decorative and only the translated name is text.
 */
function SeriesKey({ payload }: DefaultLegendContentProps) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">
      {payload?.map((entry) => (
        <li
          key={String(entry.dataKey ?? entry.value)}
          className="inline-flex items-center gap-1.5"
          style={{ color: entry.color }}
        >
          <span aria-hidden="true" className="size-3 shrink-0" style={{ background: entry.color }} />
          {entry.value}
        </li>
      ))}
    </ul>
  );
}

/** Deposits and withdrawals per day, side by side. */
function MoneyChart({ data, rtl, tick }: DayAxis & { data: AdminOverviewResponse }) {
  const { t } = useTranslation();
  const money = useMoney();
  const money30 = data.deposits_per_day.map((day, index) => ({
    day: day.day,
    deposits: day.amount,
    withdrawals: data.withdrawals_per_day[index]?.amount ?? 0,
  }));
  const axis = moneyTicks(Math.max(0, ...money30.map((day) => Math.max(day.deposits, day.withdrawals))));
  return (
    <DayBarChart testId="money-chart" rows={money30} rtl={rtl} tick={tick}>
      <YAxis
        orientation={rtl ? 'right' : 'left'}
        domain={[0, axis.ticks.at(-1) ?? 1]}
        ticks={axis.ticks}
        interval={0}
        tickFormatter={(value: number) => money(value, axis.decimals)}
        tick={VALUE_AXIS_TICK}
        stroke="var(--color-muted)"
        width="auto"
      />
      <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(value) => money(Number(value))} />
      <Legend content={SeriesKey} />
      <Bar
        dataKey="deposits"
        name={t('adminQueues.overview.deposits')}
        fill="var(--color-brand)"
        isAnimationActive={false}
      />
      <Bar
        dataKey="withdrawals"
        name={t('adminQueues.overview.withdrawals')}
        fill="var(--color-muted)"
        isAnimationActive={false}
      />
    </DayBarChart>
  );
}

/** New members per day. */
function MembersChart({ data, rtl, tick }: DayAxis & { data: AdminOverviewResponse }) {
  const { t } = useTranslation();
  return (
    <DayBarChart testId="members-chart" rows={data.new_members_per_day} rtl={rtl} tick={tick}>
      <YAxis
        orientation={rtl ? 'right' : 'left'}
        allowDecimals={false}
        tick={VALUE_AXIS_TICK}
        stroke="var(--color-muted)"
        width={40}
      />
      <Tooltip contentStyle={TOOLTIP_STYLE} />
      <Bar
        dataKey="count"
        name={t('adminQueues.overview.newMembers')}
        fill="var(--color-brand)"
        isAnimationActive={false}
      />
    </DayBarChart>
  );
}
