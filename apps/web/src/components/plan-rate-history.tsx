import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlanRateHistory as History } from '@app/shared/schemas/investing';
import { api } from '#lib/api-client';
import { cn } from '#lib/cn';
import { RetryAlert } from './ui/alert';
import { Skeleton } from './ui/skeleton';

const PlanRateChart = lazy(async () => ({ default: (await import('./plan-rate-chart')).PlanRateChart }));

/** GET /api/plans/:id/rates, under the catalogue's key (an admin's save refetches it). */
export function usePlanRates(planId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['plans', planId, 'rates'],
    queryFn: ({ signal }) => api.get<History>(`/api/plans/${planId}/rates`, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** The chart's box while its points or its code load (the chart's height and its caption line). */
function RatesLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="min-w-0">
      <Skeleton className="h-32 w-full opacity-60" />
      <Skeleton className="mt-2 h-[1lh] w-2/3 text-xs" />
    </div>
  );
}

/**
 * "Rate history" on a plan's card (issue 38 item 4, decision 193): closed at first, so a page of cards
 * fetches nothing and loads no chart code; opened, it reads the plan's public history and draws it.
 */
export function PlanRateHistory({
  planId,
  planName,
  className,
}: {
  planId: number;
  planName: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const rates = usePlanRates(planId, opened);
  const title = t('site.rateHistory.title', { plan: planName });
  let body = null;
  if (opened) {
    if (rates.isPending) body = <RatesLoading label={t('site.rateHistory.loading')} />;
    else if (rates.isError)
      body = <RetryAlert onRetry={() => void rates.refetch()}>{t('site.rateHistory.failed')}</RetryAlert>;
    else
      body = (
        <Suspense fallback={<RatesLoading label={t('site.rateHistory.loading')} />}>
          <PlanRateChart points={rates.data} title={title} />
        </Suspense>
      );
  }
  return (
    <details
      className={cn('text-sm', className)}
      onToggle={(event) => setOpened(opened || event.currentTarget.open)}
    >
      <summary className="cursor-pointer font-medium text-brand-text" aria-label={title}>
        {t('site.rateHistory.toggle')}
      </summary>
      <div className="mt-3">{body}</div>
    </details>
  );
}
