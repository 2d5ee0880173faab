import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserPlan } from '@app/shared/schemas/investing';
import { PageHeader } from '#components/page-header';
import { Badge, type BadgeTone } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { Pagination } from '#components/ui/pagination';
import { SpinnerIcon } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useDateFormat, useMoney } from '#lib/money';
import { useUserPlans } from '../api/get-user-plans';
import { ManagePlanDialog } from '../components/manage-plan-dialog';

const STATUS_TONES: Record<UserPlan['status'], BadgeTone> = {
  active: 'success',
  locked: 'info',
  completed: 'neutral',
  cancelled: 'danger',
};

/** Manage is enabled for active plans only; otherwise it is disabled and says the status (spec §4). */
function ManageButton({ plan, onManage }: { plan: UserPlan; onManage: (plan: UserPlan) => void }) {
  const { t } = useTranslation();
  const active = plan.status === 'active';
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={!active}
      aria-label={active ? `${t('investing.manage.labels.active')} ${plan.name}` : undefined}
      onClick={() => onManage(plan)}
    >
      {t(`investing.manage.labels.${plan.status}`)}
    </Button>
  );
}

/**
 * The member's plans page (spec §2 "Plans page"): 'My Active & Completed Plans', 5 per page, columns
 * plan, amount, status, start, end and Manage. A screen of its own, separate from the visitor's
 * /plans page: the router decides which one a path shows.
 */
export function MemberPlansPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const money = useMoney();
  const date = useDateFormat();
  const [page, setPage] = useState(1);
  const [managing, setManaging] = useState<UserPlan | null>(null);
  const plans = useUserPlans(page);
  useDocumentMeta(t('investing.myPlans.title'), t('investing.myPlans.description'));

  let body;
  if (plans.isPending) {
    body = (
      <p role="status" className="flex items-center justify-center gap-3 py-14 text-sm text-muted">
        <SpinnerIcon className="size-5 text-brand" />
        {message('Loading your plans...')}
      </p>
    );
  } else if (plans.isError) {
    body = (
      <p role="alert" className="py-8 text-center text-sm text-danger">
        {t('investing.myPlans.error', { message: message(errorMessage(plans.error, 'Network error')) })}
      </p>
    );
  } else if (plans.data.data.length === 0) {
    body = (
      <p className="rounded-xl border border-dashed border-line px-4 py-12 text-center text-sm text-muted">
        {message('No active or completed plans found.')}
      </p>
    );
  } else {
    const rows = plans.data.data;
    body = (
      <div aria-busy={plans.isFetching || undefined}>
        <table className="w-full text-sm max-sm:hidden">
          <caption className="sr-only">{t('investing.myPlans.title')}</caption>
          <thead>
            <tr className="border-b border-line text-xs text-muted">
              {(['plan', 'amount', 'status', 'start', 'end'] as const).map((column) => (
                <th key={column} scope="col" className="py-2 pe-3 text-start font-medium">
                  {t(`investing.myPlans.columns.${column}`)}
                </th>
              ))}
              <th scope="col" className="py-2 text-end font-medium">
                {t('investing.myPlans.columns.manage')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((plan) => (
              <tr key={plan.id}>
                <td className="py-3 pe-3 font-medium">{plan.plan_name}</td>
                <td className="py-3 pe-3 tabular-nums">{money(plan.amount)}</td>
                <td className="py-3 pe-3">
                  <Badge tone={STATUS_TONES[plan.status]}>
                    {t(`investing.userPlanStatus.${plan.status}`)}
                  </Badge>
                </td>
                <td className="py-3 pe-3 whitespace-nowrap">{date(plan.starts_at)}</td>
                <td className="py-3 pe-3 whitespace-nowrap">
                  {plan.ends_at ? date(plan.ends_at) : t('investing.duration.flexible')}
                </td>
                <td className="py-3 text-end">
                  <ManageButton plan={plan} onManage={setManaging} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="divide-y divide-line sm:hidden" aria-label={t('investing.myPlans.title')}>
          {rows.map((plan) => (
            <li key={plan.id} className="flex items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium">{plan.plan_name}</p>
                <p className="text-sm tabular-nums">{money(plan.amount)}</p>
                <p className="text-xs text-muted">
                  {date(plan.starts_at)} –{' '}
                  {plan.ends_at ? date(plan.ends_at) : t('investing.duration.flexible')}
                </p>
              </div>
              <div className="flex flex-col items-end gap-1.5">
                <Badge tone={STATUS_TONES[plan.status]}>{t(`investing.userPlanStatus.${plan.status}`)}</Badge>
                <ManageButton plan={plan} onManage={setManaging} />
              </div>
            </li>
          ))}
        </ul>
        <Pagination
          page={plans.data.meta.current_page}
          totalPages={plans.data.meta.total_pages}
          onPageChange={setPage}
          label={t('investing.myPlans.pages')}
          disabled={plans.isFetching}
        />
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('investing.myPlans.title')} description={t('investing.myPlans.description')} />
      <Card className="p-4 sm:p-6">{body}</Card>
      <ManagePlanDialog plan={managing} onOpenChange={(open) => !open && setManaging(null)} />
    </>
  );
}
