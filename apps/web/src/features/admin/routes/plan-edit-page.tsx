import type { ComponentType } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { RetryAlert } from '#components/ui/alert';
import { PageSpinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { applyFieldErrors } from '#lib/form-errors';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useDateFormat } from '#lib/money';
import type { AdminPlanRateChange } from '@app/shared/schemas/admin-content';
import { useAdminLoanPlan, useAdminPlan, useSaveLoanPlan, useSavePlan } from '../api/catalogue';
import { ContentPageHeader } from '../components/admin-page-frame';
import { LOAN_PLAN_FIELDS, LoanPlanForm } from '../components/loan-plan-form';
import { PLAN_FIELDS, PlanForm } from '../components/plan-form';

function useIdParam(): number | null {
  const { id } = useParams();
  return id === undefined || id === 'new' ? null : Number(id);
}

/** A save's answer: a plan's edit that changed a rate says when renewals get it (decision 193). */
interface SaveAnswer {
  message: string;
  rate_change?: AdminPlanRateChange | null;
}

/** What a save's toast says. */
function useSavedText(): (answer: SaveAnswer) => string {
  const { t } = useTranslation();
  const message = useMessage();
  const date = useDateFormat();
  return (answer) =>
    answer.rate_change
      ? `${message(answer.message)} ${t('admin.content.plans.rateChanged', {
          date: date(answer.rate_change.renewals_from),
          count: answer.rate_change.notified,
        })}`
      : message(answer.message);
}

/** What PlanForm and LoanPlanForm take. */
interface CatalogueFormProps<Plan, Payload, Values extends FieldValues> {
  plan: Plan | null;
  pending: boolean;
  onSubmit: (payload: Payload, setError: UseFormSetError<Values>) => void;
  onCancel: () => void;
}

interface CatalogueEditPageProps<Plan, Payload, Values extends FieldValues> {
  kind: 'plans' | 'loanPlans';
  /** The catalogue's list page, where Back, Cancel and a save lead. */
  listPath: string;
  useOne: (id: number | null) => UseQueryResult<Plan>;
  useSave: (id: number | null) => UseMutationResult<SaveAnswer, Error, Payload>;
  Form: ComponentType<CatalogueFormProps<Plan, Payload, Values>>;
  /** The form's fields an API field error is shown on. */
  fields: readonly Path<Values>[];
  /** An edited plan offers "Announce a change" to its members (decision 183). */
  announce?: boolean;
}

/** A catalogue plan's page, new or edited: its form, loaded first when it edits a plan. */
function CatalogueEditPage<Plan extends { updated_at: string }, Payload, Values extends FieldValues>({
  kind,
  listPath,
  useOne,
  useSave,
  Form,
  fields,
  announce = false,
}: CatalogueEditPageProps<Plan, Payload, Values>) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const id = useIdParam();
  const plan = useOne(id);
  const save = useSave(id);
  const savedText = useSavedText();
  const title = id === null ? t(`admin.content.${kind}.newTitle`) : t(`admin.content.${kind}.editTitle`);
  useDocumentMeta(title, t(`admin.content.${kind}.metaDescription`));
  const back = { to: listPath, label: t(`admin.content.${kind}.back`) };

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
      <ContentPageHeader
        title={title}
        back={back}
        actions={
          announce && id !== null ? (
            <Link
              to={`/admin/announcements?plan=${id}`}
              className="inline-flex h-10 items-center rounded-xl border border-line px-4 text-sm font-medium hover:bg-surface-muted"
            >
              {t('admin.announcements.announceChange')}
            </Link>
          ) : undefined
        }
      />
      <Form
        key={plan.data?.updated_at ?? 'new'}
        plan={id === null ? null : (plan.data ?? null)}
        pending={save.isPending}
        onCancel={() => void navigate(listPath)}
        onSubmit={(payload, setError) =>
          save.mutate(payload, {
            onSuccess: (answer) => {
              toast.success(savedText(answer));
              void navigate(listPath);
            },
            onError: (error) => {
              if (!applyFieldErrors(error, setError, fields))
                toast.error(message(errorMessage(error, 'Could not save the plan.')));
            },
          })
        }
      />
    </>
  );
}

/** /admin/plans/new and /admin/plans/:id: an investment plan's form (issue 15 item 4). */
export function PlanEditPage() {
  return (
    <CatalogueEditPage
      kind="plans"
      listPath="/admin/plans"
      useOne={useAdminPlan}
      useSave={useSavePlan}
      Form={PlanForm}
      fields={PLAN_FIELDS}
      announce
    />
  );
}

/** /admin/loan-plans/new and /admin/loan-plans/:id: a loan plan's form. */
export function LoanPlanEditPage() {
  return (
    <CatalogueEditPage
      kind="loanPlans"
      listPath="/admin/loan-plans"
      useOne={useAdminLoanPlan}
      useSave={useSaveLoanPlan}
      Form={LoanPlanForm}
      fields={LOAN_PLAN_FIELDS}
    />
  );
}
