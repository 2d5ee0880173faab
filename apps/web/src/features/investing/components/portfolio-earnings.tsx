import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowBalance } from '#lib/preferences';
import { RetryAlert } from '#components/ui/alert';
import { Card } from '#components/ui/card';
import { Spinner } from '#components/ui/spinner';
import { usePortfolioEarnings } from '../api/get-portfolio-earnings';

const CumulativeEarningsChart = lazy(async () => ({
  default: (await import('./cumulative-earnings-chart')).CumulativeEarningsChart,
}));

/** My Portfolio's chart: the whole portfolio's cumulative earnings, one point per day. */
export function PortfolioEarnings() {
  const { t } = useTranslation();
  const earnings = usePortfolioEarnings();
  const [showBalance] = useShowBalance();
  const title = t('memberExtras.chart.title');
  let body;
  // The chart's axis, tooltip and table are the member's figures: hidden with them (Hide balance).
  if (!showBalance) {
    body = <p className="text-sm text-muted">{t('investing.portfolio.chartHidden')}</p>;
  } else if (earnings.isPending) {
    body = <Spinner label={t('memberExtras.chart.loading')} />;
  } else if (earnings.isError) {
    body = <RetryAlert onRetry={() => void earnings.refetch()}>{t('memberExtras.chart.failed')}</RetryAlert>;
  } else if (earnings.data.data.length === 0) {
    body = <p className="text-sm text-muted">{t('memberExtras.chart.empty')}</p>;
  } else {
    body = (
      <Suspense fallback={<Spinner label={t('investing.portfolio.loadingChart')} />}>
        <CumulativeEarningsChart points={earnings.data.data} title={title} />
      </Suspense>
    );
  }
  return (
    <Card className="mb-6 p-4 sm:p-6">
      <h2 className="mb-3 font-semibold">{title}</h2>
      {body}
    </Card>
  );
}
