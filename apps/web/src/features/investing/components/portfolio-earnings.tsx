import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowBalance } from '#lib/preferences';
import { RetryAlert } from '#components/ui/alert';
import { Card } from '#components/ui/card';
import { Skeleton } from '#components/ui/skeleton';
import { usePortfolioEarnings } from '../api/get-portfolio-earnings';

const CumulativeEarningsChart = lazy(async () => ({
  default: (await import('./cumulative-earnings-chart')).CumulativeEarningsChart,
}));

/**
 * The chart while its points or its code load: the chart's own box (h-60), a two-line caption and the
 * table's summary line, as CumulativeEarningsChart lays them out, so nothing moves when it arrives
 * (decision 170).
 */
export function ChartLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="min-w-0" data-testid="earnings-chart-loading">
      <div className="flex h-60 w-full items-end gap-1 pb-6">
        <Skeleton className="h-full w-full opacity-60" />
      </div>
      <Skeleton className="mt-2 min-h-[2lh] w-2/3 text-xs" />
      <div className="mt-2 text-sm">
        <Skeleton className="h-[1lh] w-32" />
      </div>
    </div>
  );
}

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
    body = <ChartLoading label={t('memberExtras.chart.loading')} />;
  } else if (earnings.isError) {
    body = <RetryAlert onRetry={() => void earnings.refetch()}>{t('memberExtras.chart.failed')}</RetryAlert>;
  } else if (earnings.data.data.length === 0) {
    body = <p className="text-sm text-muted">{t('memberExtras.chart.empty')}</p>;
  } else {
    body = (
      <Suspense fallback={<ChartLoading label={t('investing.portfolio.loadingChart')} />}>
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
