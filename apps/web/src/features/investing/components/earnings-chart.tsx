import { useTranslation } from 'react-i18next';
import type { UserPlanEarning } from '@app/shared/schemas/investing';
import { useDateFormat, useMoney } from '#lib/money';

/**
 * Cumulative earnings of one plan, day by day, as an SVG line (loaded lazily with the portfolio's
 * detail). The figures are the server's; screen readers get the summary in the label.
 */
export function EarningsChart({ earnings }: { earnings: UserPlanEarning[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useDateFormat();
  const days = [...earnings].reverse();
  // Cumulative cents (integers, so no float drift), then dollars.
  const points: number[] = [];
  for (const day of days) points.push((points.at(-1) ?? 0) + Math.round(day.amount * 100));
  for (let index = 0; index < points.length; index += 1) points[index] = points[index]! / 100;
  const total = points.at(-1) ?? 0;
  const width = 320;
  const height = 120;
  const max = Math.max(total, 0.01);
  const step = points.length > 1 ? width / (points.length - 1) : width;
  const path = points
    .map(
      (value, index) =>
        `${index === 0 ? 'M' : 'L'}${(index * step).toFixed(1)},${(height - (value / max) * height).toFixed(1)}`,
    )
    .join(' ');
  const label = t('investing.portfolio.chartLabel', {
    total: money(total),
    from: date(days[0]?.date),
    to: date(days.at(-1)?.date),
  });
  return (
    <figure className="mt-3">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${height}`}
        className="h-28 w-full text-brand"
        preserveAspectRatio="none"
      >
        <path d={`${path} L${width},${height} L0,${height} Z`} className="fill-brand-soft" />
        <path d={path} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
      </svg>
      <figcaption className="mt-1 text-xs text-muted">{label}</figcaption>
    </figure>
  );
}
