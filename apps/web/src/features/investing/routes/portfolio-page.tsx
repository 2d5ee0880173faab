import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserPlan } from '@app/shared/schemas/investing';
import { PageHeader } from '#components/page-header';
import { RetryAlert } from '#components/ui/alert';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { Pagination } from '#components/ui/pagination';
import { Spinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useLabels } from '#lib/labels';
import { MEMBER_PLANS_PATH } from '#lib/member-paths';
import { PrivateAmount, usePrivateMoney } from '#components/private-amount';
import { useDateFormat } from '#lib/money';
import { useMe } from '#lib/session';
import { useUserPlans } from '../api/get-user-plans';
import { CompoundingPanel } from '../components/compounding-panel';
import { PortfolioEarnings } from '../components/portfolio-earnings';
import { PortfolioList } from '../components/portfolio-list';
import { PortfolioPlanDetail } from '../components/portfolio-plan-detail';
import { PlanRateHistory } from '#components/plan-rate-history';
import { RenewalChoice, canChooseRenewal } from '../components/renewal-choice';

const PER_PAGE = 10;

function PlanCard({ plan }: { plan: UserPlan }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const labels = useLabels();
  const [open, setOpen] = useState(false);
  const detailId = `portfolio-plan-${plan.id}`;
  const facts: [string, ReactNode][] = [
    [t('investing.portfolio.principal'), <PrivateAmount value={plan.amount} />],
    [
      t('investing.portfolio.rate'),
      <>
        {labels.planYield(plan.rate_bps)}
        <span className="block text-xs font-normal text-muted">
          {labels.planYield(plan.compounded_apy_bps, true)}
        </span>
      </>,
    ],
    [t('investing.portfolio.earned'), <PrivateAmount value={plan.earned} />],
    [t('investing.portfolio.nextAccrual'), plan.next_accrual_at ? date(plan.next_accrual_at) : '—'],
    [t('investing.portfolio.maturity'), plan.ends_at ? date(plan.ends_at) : t('investing.duration.flexible')],
  ];
  return (
    <li>
      <Card className="p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="font-semibold">{plan.name}</h2>
          <Badge tone={plan.status === 'completed' ? 'neutral' : 'success'}>
            {t(`investing.userPlanStatus.${plan.status}`)}
          </Badge>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-5">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-muted">{label}</dt>
              <dd className="font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {plan.renewed_from_id !== null && (
          <p className="mt-2 text-xs text-muted" data-testid="renewed-note">
            {t('investing.renewal.renewedNote', { rate: labels.planYield(plan.apy_bps) })}
          </p>
        )}
        {canChooseRenewal(plan) && <RenewalChoice plan={plan} />}
        <CompoundingPanel plan={plan} />
        <Button
          variant="ghost"
          size="sm"
          className="mt-3"
          aria-expanded={open}
          aria-controls={detailId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('investing.portfolio.hideEarnings') : t('investing.portfolio.showEarnings')}
        </Button>
        <div id={detailId}>{open && <PortfolioPlanDetail id={plan.id} />}</div>
        {plan.status !== 'completed' && plan.status !== 'cancelled' && (
          <PlanRateHistory planId={plan.plan_id} planName={plan.name} className="mt-3" />
        )}
      </Card>
    </li>
  );
}

/** My Portfolio: what is invested, at which rate, earned to date, the next accrual and maturity. */
export function PortfolioPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const money = usePrivateMoney();
  const { data: user } = useMe();
  const [page, setPage] = useState(1);
  const plans = useUserPlans(page, PER_PAGE);
  useDocumentMeta(t('investing.portfolio.title'), t('investing.portfolio.description'));

  let body;
  if (plans.isPending) {
    body = (
      <div className="flex justify-center py-14">
        <Spinner label={message('Loading your plans...')} />
      </div>
    );
  } else if (plans.isError) {
    body = (
      <RetryAlert onRetry={() => void plans.refetch()}>
        {message(errorMessage(plans.error, 'Network error'))}
      </RetryAlert>
    );
  } else if (plans.data.data.length === 0) {
    body = (
      <Card className="p-8 text-center">
        <p className="text-sm text-muted">{t('investing.portfolio.empty')}</p>
        <Button asChild className="mt-4">
          <Link to="/dashboard">{t('investing.portfolio.browse')}</Link>
        </Button>
      </Card>
    );
  } else {
    body = (
      <div aria-busy={plans.isFetching || undefined}>
        <PortfolioEarnings />
        <PortfolioList
          plans={plans.data.data}
          renderPlan={(plan) => <PlanCard key={plan.id} plan={plan} />}
        />
        <Pagination
          page={plans.data.meta.current_page}
          totalPages={plans.data.meta.total_pages}
          onPageChange={setPage}
          label={t('investing.portfolio.pages')}
          disabled={plans.isFetching}
        />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={t('investing.portfolio.title')}
        description={t('investing.portfolio.description')}
        actions={
          <Button asChild variant="secondary">
            <Link to={MEMBER_PLANS_PATH}>{t('investing.portfolio.managePlans')}</Link>
          </Button>
        }
      />
      {user && (
        <p className="mb-4 text-sm text-muted" data-testid="portfolio-total-earnings">
          {t('investing.portfolio.totalEarnings', { amount: money(user.total_earnings) })}
        </p>
      )}
      {body}
    </>
  );
}
