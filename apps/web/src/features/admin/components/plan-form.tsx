import '#lib/zod-config';
import { useState } from 'react';
import { useWatch, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AdminPlanCreate,
  type AdminPlan,
  type AdminPlanCreateInput,
  type AdminPlanDetail,
} from '@app/shared/schemas/admin-content';
import { PLAN_CATEGORIES } from '@app/shared/schemas/investing';
import { Alert } from '#components/ui/alert';
import { SelectField, TextField } from '#components/ui/field';
import { useLabels } from '#lib/labels';
import { useDateFormat } from '#lib/money';
import { FormActions, useAdminForm } from './admin-form';
import { CatalogueFields } from './catalogue-form-fields';
import { schemaResolver } from '#lib/zod-resolver';
import { numberOrNull } from './number-or-null';

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
  exit_allowed: 'no' | 'yes';
  exit_penalty_bps: string;
  exit_forfeit: 'none' | 'current_period' | 'all';
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
  'exit_allowed',
  'exit_penalty_bps',
  'exit_forfeit',
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
    exit_allowed: values.exit_allowed === 'yes',
    exit_penalty_bps: numberOrNull(values.exit_penalty_bps) ?? 0,
    exit_forfeit: values.exit_forfeit,
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
    exit_allowed: plan?.exit_allowed ? 'yes' : 'no',
    exit_penalty_bps: plan ? String(plan.exit_penalty_bps) : '0',
    exit_forfeit: plan?.exit_forfeit ?? 'none',
  };
}

const resolver = schemaResolver<PlanFormValues>(AdminPlanCreate, planPayload);

/** "1200" → "12.00%": what a rate typed in basis points means. */
function percentHint(bps: string): string | null {
  const value = numberOrNull(bps);
  return value === null || !Number.isFinite(value) ? null : `${(value / 100).toFixed(2)}%`;
}

/**
 * What saving the typed rates would do, shown while they differ from the plan's (decision 193): new
 * investments at once, renewals after the notice, holders told.
 */
function RateNotice({ days }: { days: number }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const date = useDateFormat();
  const [today] = useState(() => Date.now());
  const from = new Date(today + days * 86_400_000).toISOString();
  return (
    <Alert tone="info">
      {t('admin.content.plans.rateNotice', { date: date(from), notice: labels.days(days) })}
    </Alert>
  );
}

interface PlanFormProps {
  /** The plan edited (with the notice a rate change gives, when the API says it), or null for a new one. */
  plan: (AdminPlan & Partial<Pick<AdminPlanDetail, 'rate_notice_days'>>) | null;
  pending: boolean;
  onSubmit: (payload: AdminPlanCreateInput, setError: UseFormSetError<PlanFormValues>) => void;
  onCancel: () => void;
}

/** An investment plan of the catalogue: create or edit (issue 15 item 4). */
export function PlanForm({ plan, pending, onSubmit, onCancel }: PlanFormProps) {
  const { t } = useTranslation();
  const { field, handleSubmit, setError, control } = useAdminForm<PlanFormValues>({
    resolver,
    defaultValues: planFormValues(plan),
  });
  const apy = useWatch({ control, name: 'apy_bps' });
  const locked = useWatch({ control, name: 'locked_apy_bps' });
  const penalty = useWatch({ control, name: 'exit_penalty_bps' });
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
      <CatalogueFields
        field={field}
        categories={PLAN_CATEGORIES}
        rates={
          <>
            <TextField
              label={t('admin.content.plans.apy')}
              inputMode="numeric"
              hint={rateHint(apy)}
              {...field('apy_bps')}
            />
            <TextField
              label={t('admin.content.plans.lockedApy')}
              inputMode="numeric"
              hint={rateHint(locked)}
              {...field('locked_apy_bps')}
            />
          </>
        }
        duration={
          <TextField
            label={t('admin.content.plans.durationDays')}
            inputMode="numeric"
            aside={t('common.optional')}
            hint={t('admin.content.plans.durationHint')}
            {...field('duration_days')}
          />
        }
      />
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold">{t('admin.content.plans.exit.legend')}</legend>
        <SelectField label={t('admin.content.plans.exit.allowed')} {...field('exit_allowed')}>
          <option value="no">{t('admin.content.plans.exit.no')}</option>
          <option value="yes">{t('admin.content.plans.exit.yes')}</option>
        </SelectField>
        <TextField
          label={t('admin.content.plans.exit.penalty')}
          inputMode="numeric"
          hint={rateHint(penalty)}
          {...field('exit_penalty_bps')}
        />
        <SelectField label={t('admin.content.plans.exit.forfeit')} {...field('exit_forfeit')}>
          <option value="none">{t('admin.content.plans.exit.forfeitNone')}</option>
          <option value="current_period">{t('admin.content.plans.exit.forfeitPeriod')}</option>
          <option value="all">{t('admin.content.plans.exit.forfeitAll')}</option>
        </SelectField>
      </fieldset>
      {plan?.rate_notice_days !== undefined &&
        (numberOrNull(apy) !== plan.apy_bps || numberOrNull(locked) !== plan.locked_apy_bps) && (
          <RateNotice days={plan.rate_notice_days} />
        )}
      {plan && <p className="text-sm text-muted">{t('admin.content.plans.snapshotNote')}</p>}
      <FormActions
        pending={pending}
        submitLabel={plan ? t('admin.content.save') : t('admin.content.plans.create')}
        onCancel={onCancel}
      />
    </form>
  );
}
