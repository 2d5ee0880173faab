import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type { AdminLoanPlan, AdminPlan } from '@app/shared/schemas/admin-content';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { DataTable, type DataTableProps } from '#components/ui/data-table';
import { Dialog } from '#components/ui/dialog';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useLabels } from '#lib/labels';
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

/** Where each catalogue's pages are. */
const CATALOGUE_PATHS: Record<Catalogue, string> = { plans: '/admin/plans', loanPlans: '/admin/loan-plans' };

function RowActions({ kind, plan }: { kind: Catalogue; plan: AdminPlan | AdminLoanPlan }) {
  const { t } = useTranslation();
  const base = CATALOGUE_PATHS[kind];
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

type Money = ReturnType<typeof useMoney>;
type Labels = ReturnType<typeof useLabels>;

/** A catalogue's own columns: its rate, and its duration (plans) or term (loan plans). */
interface OwnColumns<Plan> {
  rate: ColumnDef<Plan>;
  duration: ColumnDef<Plan>;
}

interface CatalogueListPageProps<Plan extends AdminPlan | AdminLoanPlan> {
  kind: Catalogue;
  /** The catalogue's list query (GET /api/admin/plans or /api/admin/loan-plans). */
  useList: (query: Record<string, string>) => DataTableProps<Plan>['query'];
  ownColumns: (t: TFunction, money: Money, labels: Labels) => OwnColumns<Plan>;
}

/** The list's columns, with the catalogue's own rate and duration (or term) among the shared ones. */
function catalogueColumns<Plan extends AdminPlan | AdminLoanPlan>(
  kind: Catalogue,
  own: OwnColumns<Plan>,
  t: TFunction,
  money: Money,
): ColumnDef<Plan>[] {
  return [
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
    own.rate,
    {
      id: 'min_amount',
      header: t('admin.content.plans.amounts'),
      enableSorting: true,
      meta: { align: 'end' },
      cell: ({ row }) => `${money(row.original.min_amount, 0)}–${money(row.original.max_amount, 0)}`,
    },
    own.duration,
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
      cell: ({ row }) => <RowActions kind={kind} plan={row.original} />,
    },
  ];
}

/** A catalogue's list page: server-paged, its state in the URL, filters by name and status. */
function CatalogueListPage<Plan extends AdminPlan | AdminLoanPlan>({
  kind,
  useList,
  ownColumns,
}: CatalogueListPageProps<Plan>) {
  const { t } = useTranslation();
  const money = useMoney();
  const labels = useLabels();
  const list = useUrlListState({ filters: ['q', 'status'] as const });
  const query = useList(list.query);
  useDocumentMeta(t(`admin.content.${kind}.title`), t(`admin.content.${kind}.metaDescription`));

  const columns = useMemo(
    () => catalogueColumns(kind, ownColumns(t, money, labels), t, money),
    [t, money, labels, kind, ownColumns],
  );

  return (
    <>
      <ContentPageHeader
        title={t(`admin.content.${kind}.title`)}
        lead={t(`admin.content.${kind}.lead`)}
        actions={
          <Button asChild>
            <Link to={`${CATALOGUE_PATHS[kind]}/new`}>
              <Plus className="size-4" aria-hidden="true" />
              {t(`admin.content.${kind}.new`)}
            </Link>
          </Button>
        }
      />
      <ListFilters
        searchLabel={t(`admin.content.${kind}.searchLabel`)}
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
        caption={t(`admin.content.${kind}.caption`)}
        columns={columns}
        state={list}
        query={query}
        rowKey={(plan) => plan.id}
        empty={t(`admin.content.${kind}.empty`)}
        errorText={t('admin.content.listFailed')}
      />
    </>
  );
}

function planColumns(t: TFunction, _money: Money, labels: Labels): OwnColumns<AdminPlan> {
  return {
    rate: {
      id: 'apy_bps',
      header: t('admin.content.plans.rate'),
      enableSorting: true,
      meta: { align: 'end', descFirst: true },
      cell: ({ row }) => (
        <>
          {labels.planYield(row.original.apy_bps)}
          <span className="block text-xs text-muted">
            {t('admin.content.plans.lockedShort', { percent: labels.planYield(row.original.locked_apy_bps) })}
          </span>
        </>
      ),
    },
    duration: {
      id: 'duration',
      header: t('admin.content.plans.duration'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.duration_days === null
          ? t('admin.content.plans.flexible')
          : labels.days(row.original.duration_days),
    },
  };
}

function loanPlanColumns(t: TFunction, _money: Money, labels: Labels): OwnColumns<AdminLoanPlan> {
  return {
    rate: {
      id: 'change',
      header: t('admin.content.plans.rate'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.rate_bps === null || row.original.interval === null
          ? row.original.change
          : labels.loanRate(row.original.rate_bps / 100, row.original.interval),
    },
    duration: {
      id: 'duration',
      header: t('admin.content.loanPlans.termColumn'),
      enableSorting: false,
      meta: { align: 'end' },
      cell: ({ row }) =>
        row.original.duration === null
          ? t('admin.content.loanPlans.noLimit')
          : labels.loanTerm(row.original.duration, row.original.interval),
    },
  };
}

/** /admin/plans: the investment plan catalogue (issue 15 item 4), server-paged, state in the URL. */
export function PlansListPage() {
  return <CatalogueListPage kind="plans" useList={useAdminPlans} ownColumns={planColumns} />;
}

/** /admin/loan-plans: the loan plan catalogue. */
export function LoanPlansListPage() {
  return <CatalogueListPage kind="loanPlans" useList={useAdminLoanPlans} ownColumns={loanPlanColumns} />;
}
