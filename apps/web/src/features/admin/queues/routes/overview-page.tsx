import '#lib/zod-config';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminOverviewResponse } from '@app/shared/schemas/admin-members';
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
  const overview = useOverview();
  const me = useAdminMe();
  useDocumentMeta(t('adminQueues.overview.title'), t('adminQueues.overview.metaDescription'));
  if (overview.isPending) return <PageSpinner label={t('adminQueues.overview.loading')} />;
  if (overview.isError) {
    return <RetryAlert onRetry={() => void overview.refetch()}>{t('adminQueues.overview.error')}</RetryAlert>;
  }
  const data = overview.data;
  return (
    <section className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('adminQueues.overview.title')}</h1>
        <p className="mt-1 text-sm text-muted">
          {t('admin.home.signedInAs', { email: me.data?.user.email ?? '' })}
        </p>
      </div>
      <QueueTotals queues={data.queues} />
      <AssetsUnderManagement aum={data.aum} />
      <LastThirtyDays data={data} />
      <LedgerStatus ledger={data.ledger} />
    </section>
  );
}

/** What waits: each queue's pending count and amount, and since when the oldest waits. */
function QueueTotals({ queues }: { queues: AdminOverviewResponse['queues'] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useDateFormat();
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {ADMIN_QUEUES.map((queue) => {
        const totals = queues[queue];
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
  );
}

/** What the platform holds: cash, invested, on loan, held for withdrawal. */
function AssetsUnderManagement({ aum }: { aum: AdminOverviewResponse['aum'] }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div>
      <h2 className="text-lg font-semibold">{t('adminQueues.overview.aum')}</h2>
      <dl className="mt-3 grid gap-4 sm:grid-cols-4">
        {(
          [
            ['cash', aum.cash],
            ['invested', aum.invested],
            ['onLoan', aum.on_loan],
            ['held', aum.held_for_withdrawal],
          ] as const
        ).map(([key, value]) => (
          <Card key={key} className="p-4">
            <dt className="text-sm text-muted">{t(`adminQueues.overview.aumParts.${key}`)}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums">{money(value)}</dd>
          </Card>
        ))}
      </dl>
    </div>
  );
}

/** How money moved over 30 days: the sums in words, then the charts. */
function LastThirtyDays({ data }: { data: AdminOverviewResponse }) {
  const { t } = useTranslation();
  const money = useMoney();
  const sum = (rows: { amount: number }[]) => rows.reduce((total, row) => total + row.amount, 0);
  return (
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
  );
}

/** The books: the last ledger check's result (or that none ran) and a link to run one. */
function LedgerStatus({ ledger }: { ledger: AdminOverviewResponse['ledger'] }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  return (
    <div>
      <h2 className="text-lg font-semibold">{t('adminQueues.overview.ledger')}</h2>
      {ledger === null ? (
        <p className="mt-2 text-sm text-muted">{t('adminQueues.overview.ledgerNever')}</p>
      ) : (
        <Alert tone={ledger.ok ? 'success' : 'error'} className="mt-2">
          {t(ledger.ok ? 'adminQueues.overview.ledgerOk' : 'adminQueues.overview.ledgerFailed', {
            date: date(ledger.checked_at),
            name: ledger.by ?? '—',
            n: ledger.problems,
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
  );
}
