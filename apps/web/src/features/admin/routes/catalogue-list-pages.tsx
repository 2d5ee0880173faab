import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { AdminLoanPlan, AdminPlan } from '@app/shared/schemas/admin-content';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { DataTable } from '#components/ui/data-table';
import { Dialog } from '#components/ui/dialog';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useMoney } from '#lib/money';
import { useUrlListState } from '#lib/use-url-list-state';
import { useAdminLoanPlans, useAdminPlans, useSaveLoanPlan, useSavePlan } from '../api/catalogue';
import { ContentPageHeader } from '../components/admin-page-frame';
import { ListFilters } from '../components/list-filters';

type Catalogue = 'plans' | 'loanPlans';

/** Activate at once; deactivate after a confirmation naming the plan (members can no longer choose it). */
function StatusToggle({ kind, plan }: { kind: Catalogue; plan: AdminPlan | AdminLoanPlan }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [confirming, setConfirming] = useState(false);
  const savePlan = useSavePlan(plan.id);
  const saveLoanPlan = useSaveLoanPlan(plan.id);
  const save = kind === 'plans' ? savePlan : saveLoanPlan;
  const setStatus = (status: 'active' | 'inactive') =>
    save.mutate(
      { status },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          toast.success(message(answer.message));
        },
        onError: (error) => toast.error(message(errorMessage(error, 'Could not save the plan.'))),
      },
    );
  if (plan.status === 'inactive')
    return (
      <Button
        size="sm"
        variant="secondary"
        loading={save.isPending}
        aria-label={t('admin.content.plans.activateNamed', { name: plan.name })}
        onClick={() => setStatus('active')}
      >
        {t('admin.content.plans.activate')}
      </Button>
    );
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={t('admin.content.plans.deactivateNamed', { name: plan.name })}
        onClick={() => setConfirming(true)}
      >
        {t('admin.content.plans.deactivate')}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('admin.content.plans.deactivateNamed', { name: plan.name })}
        description={t(`admin.content.${kind}.confirmDeactivate`, { name: plan.name })}
      >
        <div className="mt-5 flex flex-wrap gap-3">
          <Button variant="danger" loading={save.isPending} onClick={() => setStatus('inactive')}>
            {t('admin.content.plans.deactivate')}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={save.isPending}>
            {t('admin.content.cancel')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

function RowActions({ kind, plan }: { kind: Catalogue; plan: AdminPlan | AdminLoanPlan }) {
  const { t } = useTranslation();
  const base = kind === 'plans' ? '/admin/plans' : '/admin/loan-plans';
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button asChild size="sm" variant="secondary">
        <Link to={`${base}/${plan.id}`} aria-label={t('admin.content.plans.editNamed', { name: plan.name })}>
          {t('admin.content.edit')}
        </Link>
      </Button>
      <StatusToggle kind={kind} plan={plan} />
    </div>
  );
}

function StatusBadge({ status }: { status: 'active' | 'inactive' }) {
  const { t } = useTranslation();
  return <Badge tone={status === 'active' ? 'success' : 'neutral'}>{t(`admin.content.${status}`)}</Badge>;
}

const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;

/** /admin/plans: the investment plan catalogue (issue 15 item 4), server-paged, state in the URL. */
export function PlansListPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const list = useUrlListState({ filters: ['q', 'status'] as const });
  const query = useAdminPlans(list.query);
  useDocumentMeta(t('admin.content.plans.title'), t('admin.content.plans.metaDescription'));

  const columns = useMemo<ColumnDef<AdminPlan>[]>(
    () => [
      {
        id: 'name',
        header: t('admin.content.plans.name'),
        enableSorting: true,
        cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
      },
      {
        id: 'category',
        header: t('admin.content.plans.category'),
        enableSorting: true,
        cell: ({ row }) => t(`admin.content.categories.${row.original.category}`, row.original.category),
      },
      {
        id: 'apy_bps',
        header: t('admin.content.plans.rate'),
        enableSorting: true,
        meta: { align: 'end', descFirst: true },
        cell: ({ row }) => (
          <>
            {percent(row.original.apy_bps)}
            <span className="block text-xs text-muted">
              {t('admin.content.plans.lockedShort', { percent: percent(row.original.locked_apy_bps) })}
            </span>
          </>
        ),
      },
      {
        id: 'min_amount',
        header: t('admin.content.plans.amounts'),
        enableSorting: true,
        meta: { align: 'end' },
        cell: ({ row }) => `${money(row.original.min_amount, 0)}–${money(row.original.max_amount, 0)}`,
      },
      {
        id: 'duration',
        header: t('admin.content.plans.duration'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.duration_days === null
            ? t('admin.content.plans.flexible')
            : t('admin.content.plans.days', { count: row.original.duration_days }),
      },
      {
        id: 'status',
        header: t('admin.content.status'),
        enableSorting: true,
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('admin.content.actions')}</span>,
        enableSorting: false,
        meta: { align: 'end' },
        cell: ({ row }) => <RowActions kind="plans" plan={row.original} />,
      },
    ],
    [t, money],
  );

  return (
    <>
      <ContentPageHeader
        title={t('admin.content.plans.title')}
        lead={t('admin.content.plans.lead')}
        actions={
          <Button asChild>
            <Link to="/admin/plans/new">
              <Plus className="size-4" aria-hidden="true" />
              {t('admin.content.plans.new')}
            </Link>
          </Button>
        }
      />
      <ListFilters
        searchLabel={t('admin.content.plans.searchLabel')}
        list={list}
        choice={{
          name: 'status',
          label: t('admin.content.status'),
          options: [
            { value: 'active', label: t('admin.content.active') },
            { value: 'inactive', label: t('admin.content.inactive') },
          ],
        }}
      />
      <DataTable
        caption={t('admin.content.plans.caption')}
        columns={columns}
        state={list}
        query={query}
        rowKey={(plan) => plan.id}
        empty={t('admin.content.plans.empty')}
        errorText={t('admin.content.listFailed')}
      />
    </>
  );
}

/** /admin/loan-plans: the loan plan catalogue. */
export function LoanPlansListPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const list = useUrlListState({ filters: ['q', 'status'] as const });
  const query = useAdminLoanPlans(list.query);
  useDocumentMeta(t('admin.content.loanPlans.title'), t('admin.content.loanPlans.metaDescription'));

  const columns = useMemo<ColumnDef<AdminLoanPlan>[]>(
    () => [
      {
        id: 'name',
        header: t('admin.content.plans.name'),
        enableSorting: true,
        cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
      },
      {
        id: 'category',
        header: t('admin.content.plans.category'),
        enableSorting: true,
        cell: ({ row }) => t(`admin.content.categories.${row.original.category}`, row.original.category),
      },
      {
        id: 'change',
        header: t('admin.content.plans.rate'),
        enableSorting: false,
        cell: ({ row }) => row.original.change,
      },
      {
        id: 'min_amount',
        header: t('admin.content.plans.amounts'),
        enableSorting: true,
        meta: { align: 'end' },
        cell: ({ row }) => `${money(row.original.min_amount, 0)}–${money(row.original.max_amount, 0)}`,
      },
      {
        id: 'duration',
        header: t('admin.content.loanPlans.termColumn'),
        enableSorting: false,
        meta: { align: 'end' },
        cell: ({ row }) => row.original.duration ?? t('admin.content.loanPlans.noLimit'),
      },
      {
        id: 'status',
        header: t('admin.content.status'),
        enableSorting: true,
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('admin.content.actions')}</span>,
        enableSorting: false,
        meta: { align: 'end' },
        cell: ({ row }) => <RowActions kind="loanPlans" plan={row.original} />,
      },
    ],
    [t, money],
  );

  return (
    <>
      <ContentPageHeader
        title={t('admin.content.loanPlans.title')}
        lead={t('admin.content.loanPlans.lead')}
        actions={
          <Button asChild>
            <Link to="/admin/loan-plans/new">
              <Plus className="size-4" aria-hidden="true" />
              {t('admin.content.loanPlans.new')}
            </Link>
          </Button>
        }
      />
      <ListFilters
        searchLabel={t('admin.content.loanPlans.searchLabel')}
        list={list}
        choice={{
          name: 'status',
          label: t('admin.content.status'),
          options: [
            { value: 'active', label: t('admin.content.active') },
            { value: 'inactive', label: t('admin.content.inactive') },
          ],
        }}
      />
      <DataTable
        caption={t('admin.content.loanPlans.caption')}
        columns={columns}
        state={list}
        query={query}
        rowKey={(plan) => plan.id}
        empty={t('admin.content.loanPlans.empty')}
        errorText={t('admin.content.listFailed')}
      />
    </>
  );
}
