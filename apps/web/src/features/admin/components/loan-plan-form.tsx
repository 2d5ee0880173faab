import '#lib/zod-config';
import { useWatch, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AdminLoanPlanCreate,
  LOAN_PLAN_CATEGORIES,
  type AdminLoanPlan,
  type AdminLoanPlanCreateInput,
} from '@app/shared/schemas/admin-content';
import { LOAN_INTERVALS, type LoanInterval } from '@app/shared/loans';
import { useLabels } from '#lib/labels';
import { SelectField, TextField } from '#components/ui/field';
import { FormActions, useAdminForm } from './admin-form';
import { CatalogueFields } from './catalogue-form-fields';
import { schemaResolver } from '#lib/zod-resolver';
import { numberOrNull } from './number-or-null';

export interface LoanPlanFormValues {
  name: string;
  category: string;
  description: string;
  rate_bps: string;
  interval: string;
  duration: string;
  min_amount: string;
  max_amount: string;
  status: 'active' | 'inactive';
  sort_order: string;
}

export const LOAN_PLAN_FIELDS = [
  'name',
  'category',
  'description',
  'rate_bps',
  'interval',
  'duration',
  'min_amount',
  'max_amount',
  'status',
  'sort_order',
] as const;

export function loanPlanPayload(values: LoanPlanFormValues): AdminLoanPlanCreateInput {
  return {
    name: values.name,
    category: values.category as AdminLoanPlanCreateInput['category'],
    description: values.description,
    rate_bps: numberOrNull(values.rate_bps) ?? Number.NaN,
    interval: values.interval as AdminLoanPlanCreateInput['interval'],
    duration: numberOrNull(values.duration),
    min_amount: values.min_amount,
    max_amount: values.max_amount,
    status: values.status,
    sort_order: numberOrNull(values.sort_order) ?? 0,
  };
}

export function loanPlanFormValues(plan: AdminLoanPlan | null): LoanPlanFormValues {
  return {
    name: plan?.name ?? '',
    category: plan?.category ?? 'personal',
    description: plan?.description ?? '',
    rate_bps: plan?.rate_bps ? String(plan.rate_bps) : '',
    interval: plan?.interval ?? 'monthly',
    duration: plan?.duration ? String(plan.duration) : '',
    min_amount: plan ? String(plan.min_amount) : '',
    max_amount: plan ? String(plan.max_amount) : '',
    status: plan?.status ?? 'active',
    sort_order: plan ? String(plan.sort_order) : '0',
  };
}

const resolver = schemaResolver<LoanPlanFormValues>(AdminLoanPlanCreate, loanPlanPayload);

interface LoanPlanFormProps {
  plan: AdminLoanPlan | null;
  pending: boolean;
  onSubmit: (payload: AdminLoanPlanCreateInput, setError: UseFormSetError<LoanPlanFormValues>) => void;
  onCancel: () => void;
}

/** A loan plan of the catalogue: create or edit (issue 15 item 4). */
export function LoanPlanForm({ plan, pending, onSubmit, onCancel }: LoanPlanFormProps) {
  const { t } = useTranslation();
  const { field, handleSubmit, setError, control } = useAdminForm<LoanPlanFormValues>({
    resolver,
    defaultValues: loanPlanFormValues(plan),
  });
  const { loanRate } = useLabels();
  const rate = useWatch({ control, name: 'rate_bps' });
  const interval = useWatch({ control, name: 'interval' });
  const bps = /^\d{1,6}$/.test(rate.trim()) ? Number(rate) : 0;
  const label =
    bps > 0 && (LOAN_INTERVALS as readonly string[]).includes(interval)
      ? loanRate(bps / 100, interval as LoanInterval)
      : null;

  return (
    <form
      onSubmit={handleSubmit((values) => onSubmit(loanPlanPayload(values), setError))}
      noValidate
      className="max-w-2xl space-y-5"
    >
      <CatalogueFields
        field={field}
        categories={LOAN_PLAN_CATEGORIES}
        rates={
          <>
            <TextField
              label={t('admin.content.loanPlans.rate')}
              inputMode="numeric"
              hint={
                label
                  ? t('admin.content.loanPlans.ratePreview', { label })
                  : t('admin.content.loanPlans.rateHint')
              }
              {...field('rate_bps')}
            />
            <SelectField label={t('admin.content.loanPlans.interval')} {...field('interval')}>
              {LOAN_INTERVALS.map((interval) => (
                <option key={interval} value={interval}>
                  {t(`admin.content.intervals.${interval}`)}
                </option>
              ))}
            </SelectField>
          </>
        }
        duration={
          <TextField
            label={t('admin.content.loanPlans.term')}
            inputMode="numeric"
            aside={t('common.optional')}
            hint={t('admin.content.loanPlans.termHint')}
            {...field('duration')}
          />
        }
      />
      {plan && <p className="text-sm text-muted">{t('admin.content.loanPlans.snapshotNote')}</p>}
      <FormActions
        pending={pending}
        submitLabel={plan ? t('admin.content.save') : t('admin.content.loanPlans.create')}
        onCancel={onCancel}
      />
    </form>
  );
}
