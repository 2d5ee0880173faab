import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserPlan, UserPlanListResponse } from '@app/shared/schemas/investing';
import { PageHeader } from '#components/page-header';
import { RetryAlert } from '#components/ui/alert';
import { Badge, type BadgeTone } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { Pagination } from '#components/ui/pagination';
import { ResponsiveTable } from '#components/ui/responsive-table';
import { SpinnerIcon } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { PrivateAmount } from '#components/private-amount';
import { useDateFormat } from '#lib/money';
import { useUserPlans } from '../api/get-user-plans';
import { useOpenedOnce } from '#components/ui/opened-once';

const STATUS_TONES: Record<UserPlan['status'], BadgeTone> = {
  active: 'success',
  locked: 'info',
  completed: 'neutral',
  cancelled: 'danger',
};

// Loaded when first opened (decision 170).
const ManagePlanDialog = lazy(async () => ({
  default: (await import('../components/manage-plan-dialog')).ManagePlanDialog,
}));
/**
 * Where focus goes once Manage's action changed a plan (locked, withdrawn, left): its Manage button is
 * disabled then, or gone with its row. The plan's name in the row the member opened it from (the
 * table's or the card's), else the list itself.
 */
function focusAfterChange(opener: HTMLElement | null, list: HTMLElement | null) {
  const row = opener?.isConnected ? opener.closest('tr, li') : null;
  return row?.querySelector<HTMLElement>('[data-row-focus]') ?? list;
}

/** The plan's name, which takes focus after Manage changed the plan (focusAfterChange). */
function PlanName({ plan, className }: { plan: UserPlan; className?: string }) {
  return (
    <span tabIndex={-1} data-row-focus="" className={className}>
      {plan.plan_name}
    </span>
  );
}

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

interface UserPlanTableProps {
  plans: UserPlanListResponse;
  busy: boolean;
  onPageChange: (page: number) => void;
  onManage: (plan: UserPlan) => void;
}

/** The page of plans as a table (cards on small screens), with the pages under it. */
function UserPlanTable({ plans, busy, onPageChange, onManage }: UserPlanTableProps) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const status = (plan: UserPlan) => (
    <Badge tone={STATUS_TONES[plan.status]}>{t(`investing.userPlanStatus.${plan.status}`)}</Badge>
  );
  const end = (plan: UserPlan) => (plan.ends_at ? date(plan.ends_at) : t('investing.duration.flexible'));
  const manage = (plan: UserPlan) => <ManageButton plan={plan} onManage={onManage} />;
  return (
    <ResponsiveTable
      caption={t('investing.myPlans.title')}
      rows={plans.data}
      rowKey={(plan) => plan.id}
      columns={[
        {
          header: t('investing.myPlans.columns.plan'),
          className: 'font-medium',
          cell: (plan) => <PlanName plan={plan} />,
        },
        {
          header: t('investing.myPlans.columns.amount'),
          className: 'tabular-nums',
          cell: (plan) => <PrivateAmount value={plan.amount} />,
        },
        { header: t('investing.myPlans.columns.status'), cell: status },
        {
          header: t('investing.myPlans.columns.start'),
          className: 'whitespace-nowrap',
          cell: (plan) => date(plan.starts_at),
        },
        { header: t('investing.myPlans.columns.end'), className: 'whitespace-nowrap', cell: end },
        { header: t('investing.myPlans.columns.manage'), align: 'end', cell: manage },
      ]}
      cardStyle="divided"
      cardClassName="flex items-start justify-between gap-3"
      card={(plan) => (
        <>
          <div className="min-w-0">
            <PlanName plan={plan} className="block font-medium" />
            <p className="text-sm tabular-nums">
              <PrivateAmount value={plan.amount} />
            </p>
            <p className="text-xs text-muted">
              {date(plan.starts_at)} – {end(plan)}
            </p>
          </div>
          <div className="flex flex-col items-end gap-1.5">
            {status(plan)}
            {manage(plan)}
          </div>
        </>
      )}
      busy={busy}
    >
      <Pagination
        page={plans.meta.current_page}
        totalPages={plans.meta.total_pages}
        onPageChange={onPageChange}
        label={t('investing.myPlans.pages')}
        disabled={busy}
      />
    </ResponsiveTable>
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
  const [page, setPage] = useState(1);
  const [managing, setManaging] = useState<UserPlan | null>(null);
  // Whether the open dialog's action changed its plan, for where focus goes when it closes.
  const changed = useRef(false);
  const list = useRef<HTMLDivElement>(null);
  const manage = (plan: UserPlan) => {
    changed.current = false;
    setManaging(plan);
  };
  const manageMounted = useOpenedOnce(managing !== null);
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
      <RetryAlert onRetry={() => void plans.refetch()}>
        {t('investing.myPlans.error', { message: message(errorMessage(plans.error, 'Network error')) })}
      </RetryAlert>
    );
  } else if (plans.data.data.length === 0) {
    body = (
      <p className="rounded-xl border border-dashed border-line px-4 py-12 text-center text-sm text-muted">
        {message('No active or completed plans found.')}
      </p>
    );
  } else {
    body = (
      <UserPlanTable plans={plans.data} busy={plans.isFetching} onPageChange={setPage} onManage={manage} />
    );
  }

  return (
    <>
      <PageHeader title={t('investing.myPlans.title')} description={t('investing.myPlans.description')} />
      <Card className="p-4 sm:p-6">
        {/* Takes focus when a plan's row left the list (focusAfterChange). */}
        <div ref={list} role="region" aria-label={t('investing.myPlans.title')} tabIndex={-1}>
          {body}
        </div>
      </Card>
      {manageMounted && (
        <Suspense fallback={null}>
          <ManagePlanDialog
            plan={managing}
            onOpenChange={(open) => !open && setManaging(null)}
            onChanged={() => (changed.current = true)}
            returnFocus={(opener) => (changed.current ? focusAfterChange(opener, list.current) : undefined)}
          />
        </Suspense>
      )}
    </>
  );
}
