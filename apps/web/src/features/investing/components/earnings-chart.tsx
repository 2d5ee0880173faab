import { useTranslation } from 'react-i18next';
import type { UserPlanEarning } from '@app/shared/schemas/investing';
import { CumulativeEarningsChart, type EarningsPoint } from './cumulative-earnings-chart';

/** One plan's earnings, day by day, as the cumulative chart (loaded lazily with the plan's detail). */
export function EarningsChart({ earnings }: { earnings: UserPlanEarning[] }) {
  const { t } = useTranslation();
  // The answer is newest first, each day with the plan's running total: the chart reads oldest first.
  const points: EarningsPoint[] = [...earnings]
    .reverse()
    .map((day) => ({ date: day.date.slice(0, 10), amount: day.amount, cumulative: day.cumulative }));
  return <CumulativeEarningsChart points={points} title={t('memberExtras.chart.planTitle')} />;
}
