import '#lib/zod-config';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AdminLoanPlanCreate,
  LOAN_PLAN_CATEGORIES,
  type AdminLoanPlan,
  type AdminLoanPlanCreateInput,
} from '@app/shared/schemas/admin-content';
import { LOAN_INTERVALS } from '@app/shared/loans';
import { Button } from '#components/ui/button';
import { SelectField, TextareaField, TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { numberOrNull, schemaResolver } from './schema-resolver';

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
  const message = useMessage();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoanPlanFormValues>({ resolver, defaultValues: loanPlanFormValues(plan) });

  return (
    <form
      onSubmit={handleSubmit((values) => onSubmit(loanPlanPayload(values), setError))}
      noValidate
      className="max-w-2xl space-y-5"
    >
      <TextField
        label={t('admin.content.plans.name')}
        error={message(errors.name?.message)}
        {...register('name')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t('admin.content.plans.category')}
          error={message(errors.category?.message)}
          {...register('category')}
        >
          {LOAN_PLAN_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`admin.content.categories.${category}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('admin.content.status')}
          error={message(errors.status?.message)}
          {...register('status')}
        >
          <option value="active">{t('admin.content.active')}</option>
          <option value="inactive">{t('admin.content.inactive')}</option>
        </SelectField>
      </div>
      <TextareaField
        label={t('admin.content.plans.description')}
        aside={t('common.optional')}
        error={message(errors.description?.message)}
        {...register('description')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('admin.content.loanPlans.rate')}
          inputMode="numeric"
          hint={t('admin.content.loanPlans.rateHint')}
          error={message(errors.rate_bps?.message)}
          {...register('rate_bps')}
        />
        <SelectField
          label={t('admin.content.loanPlans.interval')}
          error={message(errors.interval?.message)}
          {...register('interval')}
        >
          {LOAN_INTERVALS.map((interval) => (
            <option key={interval} value={interval}>
              {t(`admin.content.intervals.${interval}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('admin.content.plans.minAmount')}
          inputMode="decimal"
          error={message(errors.min_amount?.message)}
          {...register('min_amount')}
        />
        <TextField
          label={t('admin.content.plans.maxAmount')}
          inputMode="decimal"
          error={message(errors.max_amount?.message)}
          {...register('max_amount')}
        />
        <TextField
          label={t('admin.content.loanPlans.term')}
          inputMode="numeric"
          aside={t('common.optional')}
          hint={t('admin.content.loanPlans.termHint')}
          error={message(errors.duration?.message)}
          {...register('duration')}
        />
        <TextField
          label={t('admin.content.sortOrder')}
          inputMode="numeric"
          error={message(errors.sort_order?.message)}
          {...register('sort_order')}
        />
      </div>
      {plan && <p className="text-sm text-muted">{t('admin.content.loanPlans.snapshotNote')}</p>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={pending}>
          {plan ? t('admin.content.save') : t('admin.content.loanPlans.create')}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
          {t('admin.content.cancel')}
        </Button>
      </div>
    </form>
  );
}
