import '#lib/zod-config';
import { useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AdminPlanCreate,
  type AdminPlan,
  type AdminPlanCreateInput,
} from '@app/shared/schemas/admin-content';
import { PLAN_CATEGORIES } from '@app/shared/schemas/investing';
import { Button } from '#components/ui/button';
import { SelectField, TextareaField, TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { numberOrNull, schemaResolver } from './schema-resolver';

export interface PlanFormValues {
  name: string;
  category: string;
  description: string;
  apy_bps: string;
  locked_apy_bps: string;
  duration_days: string;
  min_amount: string;
  max_amount: string;
  status: 'active' | 'inactive';
  sort_order: string;
}

export const PLAN_FIELDS = [
  'name',
  'category',
  'description',
  'apy_bps',
  'locked_apy_bps',
  'duration_days',
  'min_amount',
  'max_amount',
  'status',
  'sort_order',
] as const;

/** What POST/PATCH /api/admin/plans is sent (amounts in dollars as typed, rates in basis points). */
export function planPayload(values: PlanFormValues): AdminPlanCreateInput {
  return {
    name: values.name,
    category: values.category as AdminPlanCreateInput['category'],
    description: values.description,
    apy_bps: numberOrNull(values.apy_bps) ?? Number.NaN,
    locked_apy_bps: numberOrNull(values.locked_apy_bps) ?? Number.NaN,
    duration_days: numberOrNull(values.duration_days),
    min_amount: values.min_amount,
    max_amount: values.max_amount,
    status: values.status,
    sort_order: numberOrNull(values.sort_order) ?? 0,
  };
}

export function planFormValues(plan: AdminPlan | null): PlanFormValues {
  return {
    name: plan?.name ?? '',
    category: plan?.category ?? 'personal',
    description: plan?.description ?? '',
    apy_bps: plan ? String(plan.apy_bps) : '',
    locked_apy_bps: plan ? String(plan.locked_apy_bps) : '',
    duration_days: plan?.duration_days ? String(plan.duration_days) : '',
    min_amount: plan ? String(plan.min_amount) : '',
    max_amount: plan ? String(plan.max_amount) : '',
    status: plan?.status ?? 'active',
    sort_order: plan ? String(plan.sort_order) : '0',
  };
}

const resolver = schemaResolver<PlanFormValues>(AdminPlanCreate, planPayload);

/** "1200" → "12.00%": what a rate typed in basis points means. */
function percentHint(bps: string): string | null {
  const value = numberOrNull(bps);
  return value === null || !Number.isFinite(value) ? null : `${(value / 100).toFixed(2)}%`;
}

interface PlanFormProps {
  plan: AdminPlan | null;
  pending: boolean;
  onSubmit: (payload: AdminPlanCreateInput, setError: UseFormSetError<PlanFormValues>) => void;
  onCancel: () => void;
}

/** An investment plan of the catalogue: create or edit (issue 15 item 4). */
export function PlanForm({ plan, pending, onSubmit, onCancel }: PlanFormProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<PlanFormValues>({ resolver, defaultValues: planFormValues(plan) });
  const apy = useWatch({ control, name: 'apy_bps' });
  const locked = useWatch({ control, name: 'locked_apy_bps' });
  const rateHint = (bps: string) => {
    const percent = percentHint(bps);
    return percent ? t('admin.content.plans.ratePercent', { percent }) : t('admin.content.plans.rateHint');
  };

  return (
    <form
      onSubmit={handleSubmit((values) => onSubmit(planPayload(values), setError))}
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
          {PLAN_CATEGORIES.map((category) => (
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
          label={t('admin.content.plans.apy')}
          inputMode="numeric"
          hint={rateHint(apy)}
          error={message(errors.apy_bps?.message)}
          {...register('apy_bps')}
        />
        <TextField
          label={t('admin.content.plans.lockedApy')}
          inputMode="numeric"
          hint={rateHint(locked)}
          error={message(errors.locked_apy_bps?.message)}
          {...register('locked_apy_bps')}
        />
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
          label={t('admin.content.plans.durationDays')}
          inputMode="numeric"
          aside={t('common.optional')}
          hint={t('admin.content.plans.durationHint')}
          error={message(errors.duration_days?.message)}
          {...register('duration_days')}
        />
        <TextField
          label={t('admin.content.sortOrder')}
          inputMode="numeric"
          error={message(errors.sort_order?.message)}
          {...register('sort_order')}
        />
      </div>
      {plan && <p className="text-sm text-muted">{t('admin.content.plans.snapshotNote')}</p>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={pending}>
          {plan ? t('admin.content.save') : t('admin.content.plans.create')}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
          {t('admin.content.cancel')}
        </Button>
      </div>
    </form>
  );
}
