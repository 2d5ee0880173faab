import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlanRateHistory as History } from '@app/shared/schemas/investing';
import { api } from '#lib/api-client';
import { RatesLoading } from './plan-rate-history';
import { RetryAlert } from './ui/alert';

const PlanRateChart = lazy(async () => ({ default: (await import('./plan-rate-chart')).PlanRateChart }));

/** GET /api/plans/:id/rates, under the catalogue's key (an admin's save refetches it). */
function usePlanRates(planId: number) {
  return useQuery({
    queryKey: ['plans', planId, 'rates'],
    queryFn: ({ signal }) => api.get<History>(`/api/plans/${planId}/rates`, { signal }),
    staleTime: 60_000,
  });
}

/**
 * An opened "Rate history": the plan's public history, then its chart (loaded on first opening with
 * this module, so a page of closed cards carries neither the query nor the chart: issue 39).
 */
export function PlanRateHistoryBody({ planId, title }: { planId: number; title: string }) {
  const { t } = useTranslation();
  const rates = usePlanRates(planId);
  if (rates.isPending) return <RatesLoading label={t('site.rateHistory.loading')} />;
  if (rates.isError)
    return <RetryAlert onRetry={() => void rates.refetch()}>{t('site.rateHistory.failed')}</RetryAlert>;
  return (
    <Suspense fallback={<RatesLoading label={t('site.rateHistory.loading')} />}>
      <PlanRateChart points={rates.data} title={title} />
    </Suspense>
  );
}
