import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#lib/cn';
import { Skeleton } from './ui/skeleton';

const PlanRateHistoryBody = lazy(async () => ({
  default: (await import('./plan-rate-history-body')).PlanRateHistoryBody,
}));

/** The chart's box while its points or its code load (the chart's height and its caption line). */
export function RatesLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="min-w-0">
      <Skeleton className="h-32 w-full opacity-60" />
      <Skeleton className="mt-2 h-[1lh] w-2/3 text-xs" />
    </div>
  );
}

/**
 * "Rate history" on a plan's card (issue 38 item 4, decision 193): closed at first, so a page of cards
 * fetches nothing and loads neither the query's code nor the chart's (the public home page's weight,
 * issue 39); opened, it loads them, reads the plan's public history and draws it.
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
  const title = t('site.rateHistory.title', { plan: planName });
  return (
    <details
      className={cn('text-sm', className)}
      onToggle={(event) => setOpened(opened || event.currentTarget.open)}
    >
      <summary className="cursor-pointer font-medium text-brand-text" aria-label={title}>
        {t('site.rateHistory.toggle')}
      </summary>
      <div className="mt-3">
        {opened ? (
          <Suspense fallback={<RatesLoading label={t('site.rateHistory.loading')} />}>
            <PlanRateHistoryBody planId={planId} title={title} />
          </Suspense>
        ) : null}
      </div>
    </details>
  );
}
