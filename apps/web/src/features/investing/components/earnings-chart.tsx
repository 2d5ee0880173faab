import { useTranslation } from 'react-i18next';
import type { UserPlanEarning } from '@app/shared/schemas/investing';
import { CumulativeEarningsChart, type EarningsPoint } from './cumulative-earnings-chart';

/** One plan's earnings, day by day, as the cumulative chart (loaded lazily with the plan's detail). */
export function EarningsChart({ earnings }: { earnings: UserPlanEarning[] }) {
  const { t } = useTranslation();
  // Oldest first; cumulative in integer cents so there is no float drift, then dollars.
  const points: EarningsPoint[] = [];
  let cents = 0;
  for (const day of [...earnings].reverse()) {
    const amount = Math.round(day.amount * 100);
    cents += amount;
    points.push({ date: day.date.slice(0, 10), amount: amount / 100, cumulative: cents / 100 });
  }
  return <CumulativeEarningsChart points={points} title={t('memberExtras.chart.planTitle')} />;
}
