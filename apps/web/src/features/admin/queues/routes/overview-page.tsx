import '#lib/zod-config';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADMIN_QUEUES } from '@app/shared/schemas/admin-queues';
import { Alert, RetryAlert } from '#components/ui/alert';
import { Card } from '#components/ui/card';
import { PageSpinner, Spinner } from '#components/ui/spinner';
import { useDocumentMeta } from '#lib/document-meta';
import { useAdminMe } from '#lib/session';
import { useDateFormat, useMoney } from '#lib/money';
import { useOverview } from '../api/admin-queues-api';
import { QUEUE_PATHS_WEB } from '../components/format';

const OverviewCharts = lazy(async () => ({
  default: (await import('../components/overview-charts')).OverviewCharts,
}));

/** The back office's landing: what waits, how money moved, what the platform holds, the books. */
export function OverviewPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useDateFormat();
  const overview = useOverview();
  const me = useAdminMe();
  useDocumentMeta(t('adminQueues.overview.title'), t('adminQueues.overview.metaDescription'));
  if (overview.isPending) return <PageSpinner label={t('adminQueues.overview.loading')} />;
  if (overview.isError) {
    return <RetryAlert onRetry={() => void overview.refetch()}>{t('adminQueues.overview.error')}</RetryAlert>;
  }
  const data = overview.data;
  const sum = (rows: { amount: number }[]) => rows.reduce((total, row) => total + row.amount, 0);
  return (
    <section className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('adminQueues.overview.title')}</h1>
        <p className="mt-1 text-sm text-muted">
          {t('admin.home.signedInAs', { email: me.data?.user.email ?? '' })}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {ADMIN_QUEUES.map((queue) => {
          const totals = data.queues[queue];
          return (
            <Card key={queue} className="p-5">
              <h2 className="text-sm text-muted">
                <Link className="underline-offset-4 hover:underline" to={QUEUE_PATHS_WEB[queue]}>
                  {t(`adminQueues.queue.titles.${queue}`)}
                </Link>
              </h2>
              <p className="mt-2 text-2xl font-semibold tabular-nums">{totals.pending_count}</p>
              <p className="text-sm text-muted">
                {money(totals.pending_amount)}
                {totals.oldest_pending_at &&
                  ` · ${t('adminQueues.overview.oldestSince', { date: date(totals.oldest_pending_at) })}`}
              </p>
            </Card>
          );
        })}
      </div>
      <div>
        <h2 className="text-lg font-semibold">{t('adminQueues.overview.aum')}</h2>
        <dl className="mt-3 grid gap-4 sm:grid-cols-4">
          {(
            [
              ['cash', data.aum.cash],
              ['invested', data.aum.invested],
              ['onLoan', data.aum.on_loan],
              ['held', data.aum.held_for_withdrawal],
            ] as const
          ).map(([key, value]) => (
            <Card key={key} className="p-4">
              <dt className="text-sm text-muted">{t(`adminQueues.overview.aumParts.${key}`)}</dt>
              <dd className="mt-1 text-xl font-semibold tabular-nums">{money(value)}</dd>
            </Card>
          ))}
        </dl>
      </div>
      <div>
        <h2 className="text-lg font-semibold">{t('adminQueues.overview.last30')}</h2>
        <p className="mt-1 text-sm text-muted">
          {t('adminQueues.overview.summary', {
            deposits: money(sum(data.deposits_per_day)),
            withdrawals: money(sum(data.withdrawals_per_day)),
            members: data.new_members_per_day.reduce((total, row) => total + row.count, 0),
          })}
        </p>
        <div className="mt-4">
          <Suspense fallback={<Spinner label={t('adminQueues.overview.loadingCharts')} />}>
            <OverviewCharts data={data} />
          </Suspense>
        </div>
      </div>
      <div>
        <h2 className="text-lg font-semibold">{t('adminQueues.overview.ledger')}</h2>
        {data.ledger === null ? (
          <p className="mt-2 text-sm text-muted">{t('adminQueues.overview.ledgerNever')}</p>
        ) : (
          <Alert tone={data.ledger.ok ? 'success' : 'error'} className="mt-2">
            {t(data.ledger.ok ? 'adminQueues.overview.ledgerOk' : 'adminQueues.overview.ledgerFailed', {
              date: date(data.ledger.checked_at),
              name: data.ledger.by ?? '—',
              n: data.ledger.problems,
            })}
          </Alert>
        )}
        <Link
          className="mt-3 inline-block text-sm font-medium text-brand-text underline-offset-4 hover:underline"
          to="/admin/reconciliation"
        >
          {t('adminQueues.overview.runCheck')}
        </Link>
      </div>
    </section>
  );
}
