import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowBalance } from '#lib/preferences';
import { Spinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useUserPlan } from '../api/get-user-plans';

const EarningsChart = lazy(async () => ({ default: (await import('./earnings-chart')).EarningsChart }));

/** One plan's daily earnings, fetched when its row is opened, drawn by the lazily loaded chart. */
export function PortfolioPlanDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [showBalance] = useShowBalance();
  // Hidden figures are not fetched either.
  const detail = useUserPlan(showBalance ? id : null);
  if (!showBalance) return <p className="text-sm text-muted">{t('investing.portfolio.chartHidden')}</p>;
  if (detail.isPending) return <Spinner label={t('investing.portfolio.loadingEarnings')} />;
  if (detail.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {message(errorMessage(detail.error, 'Network error'))}
      </p>
    );
  if (detail.data.earnings.length === 0)
    return <p className="text-sm text-muted">{t('investing.portfolio.noEarnings')}</p>;
  return (
    <Suspense fallback={<Spinner label={t('investing.portfolio.loadingChart')} />}>
      <EarningsChart earnings={detail.data.earnings} />
    </Suspense>
  );
}
