import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { RetryAlert } from '#components/ui/alert';
import { PageSpinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { applyFieldErrors } from '#lib/form-errors';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useAdminLoanPlan, useAdminPlan, useSaveLoanPlan, useSavePlan } from '../api/catalogue';
import { ContentPageHeader } from '../components/admin-page-frame';
import { LOAN_PLAN_FIELDS, LoanPlanForm } from '../components/loan-plan-form';
import { PLAN_FIELDS, PlanForm } from '../components/plan-form';

function useIdParam(): number | null {
  const { id } = useParams();
  return id === undefined || id === 'new' ? null : Number(id);
}

/** /admin/plans/new and /admin/plans/:id: an investment plan's form (issue 15 item 4). */
export function PlanEditPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const id = useIdParam();
  const plan = useAdminPlan(id);
  const save = useSavePlan(id);
  const title = id === null ? t('admin.content.plans.newTitle') : t('admin.content.plans.editTitle');
  useDocumentMeta(title, t('admin.content.plans.metaDescription'));
  const back = { to: '/admin/plans', label: t('admin.content.plans.back') };

  if (id !== null && plan.isPending) return <PageSpinner label={t('admin.content.loading')} />;
  if (id !== null && plan.isError)
    return (
      <>
        <ContentPageHeader title={title} back={back} />
        <RetryAlert onRetry={() => void plan.refetch()}>
          {message(errorMessage(plan.error, 'Could not load the plan.'))}
        </RetryAlert>
      </>
    );

  return (
    <>
      <ContentPageHeader title={title} back={back} />
      <PlanForm
        key={plan.data?.updated_at ?? 'new'}
        plan={id === null ? null : (plan.data ?? null)}
        pending={save.isPending}
        onCancel={() => void navigate('/admin/plans')}
        onSubmit={(payload, setError) =>
          save.mutate(payload, {
            onSuccess: (answer) => {
              toast.success(message(answer.message));
              void navigate('/admin/plans');
            },
            onError: (error) => {
              if (!applyFieldErrors(error, setError, PLAN_FIELDS))
                toast.error(message(errorMessage(error, 'Could not save the plan.')));
            },
          })
        }
      />
    </>
  );
}

/** /admin/loan-plans/new and /admin/loan-plans/:id: a loan plan's form. */
export function LoanPlanEditPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const id = useIdParam();
  const plan = useAdminLoanPlan(id);
  const save = useSaveLoanPlan(id);
  const title = id === null ? t('admin.content.loanPlans.newTitle') : t('admin.content.loanPlans.editTitle');
  useDocumentMeta(title, t('admin.content.loanPlans.metaDescription'));
  const back = { to: '/admin/loan-plans', label: t('admin.content.loanPlans.back') };

  if (id !== null && plan.isPending) return <PageSpinner label={t('admin.content.loading')} />;
  if (id !== null && plan.isError)
    return (
      <>
        <ContentPageHeader title={title} back={back} />
        <RetryAlert onRetry={() => void plan.refetch()}>
          {message(errorMessage(plan.error, 'Could not load the plan.'))}
        </RetryAlert>
      </>
    );

  return (
    <>
      <ContentPageHeader title={title} back={back} />
      <LoanPlanForm
        key={plan.data?.updated_at ?? 'new'}
        plan={id === null ? null : (plan.data ?? null)}
        pending={save.isPending}
        onCancel={() => void navigate('/admin/loan-plans')}
        onSubmit={(payload, setError) =>
          save.mutate(payload, {
            onSuccess: (answer) => {
              toast.success(message(answer.message));
              void navigate('/admin/loan-plans');
            },
            onError: (error) => {
              if (!applyFieldErrors(error, setError, LOAN_PLAN_FIELDS))
                toast.error(message(errorMessage(error, 'Could not save the plan.')));
            },
          })
        }
      />
    </>
  );
}
