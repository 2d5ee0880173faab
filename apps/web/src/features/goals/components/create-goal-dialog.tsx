import '#lib/zod-config';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { TOAST_AUTO_CLOSE_LOANS_GOALS_MS } from '@app/shared/constants';
import { GOAL_PLAN_CATEGORIES } from '@app/shared/goals';
import { parseAmountToCents } from '@app/shared/money';
import { GoalCreateRequest, type PlanImpactRequest } from '@app/shared/schemas/goals';
import type { Plan } from '@app/shared/schemas/investing';
import { Button } from '#components/ui/button';
import { Dialog } from '#components/ui/dialog';
import { SelectField, TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { useAmountInput } from '#lib/amount-input';
import { errorMessage } from '#lib/api-client';
import { applyFieldErrors } from '#lib/form-errors';
import { useLabels } from '#lib/labels';
import { useMoney } from '#lib/money';
import { schemaResolver } from '#lib/zod-resolver';
import { useCreateGoal, useGoalPlans, usePlanImpact, type CreateGoalPayload } from '../api/goals-api';

export const goalToastOptions = { autoClose: TOAST_AUTO_CLOSE_LOANS_GOALS_MS };

const FIELDS = ['name', 'target_amount', 'target_frequency', 'target_date', 'plan_id'] as const;

const EMPTY: GoalCreateRequest = {
  name: '',
  target_amount: '',
  target_frequency: '',
  target_date: '',
  plan_id: '',
};

/** The value after the member has stopped typing for `ms` (one recommendation request, not one per key). */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The recommended duration (spec §5): requested whenever the target is above 0, for the chosen plan or
 * without one; a failure is silently cleared (spec §8).
 */
function Recommendation({ request }: { request: PlanImpactRequest | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { days } = useLabels();
  const settled = useSettled(request);
  const impact = usePlanImpact(settled);
  const data = request && impact.isSuccess ? impact.data : null;
  return (
    <div aria-live="polite" className="min-h-6 text-sm">
      {data?.plan_summary && data.recommended_duration_days !== null && (
        <p className="rounded-xl bg-brand-soft px-4 py-3 text-brand-text">
          {t('goals.form.recommended', {
            days: days(data.recommended_duration_days),
            units: data.plan_summary.units_needed,
            amount: money(data.plan_summary.unit_amount),
            plan: data.plan_summary.name,
          })}
        </p>
      )}
    </div>
  );
}

/** The plans a goal can use (active personal or business ones); a failure to load them is a toast. */
function useOfferedPlans(open: boolean) {
  const message = useMessage();
  const plans = useGoalPlans(open);

  useEffect(() => {
    if (open && plans.isError)
      toast.error(message('Could not load available plans.'), {
        ...goalToastOptions,
        toastId: 'goal-plans-failed',
      });
  }, [open, plans.isError, message]);

  const offered = (plans.data ?? []).filter(
    (plan) => plan.status === 'active' && (GOAL_PLAN_CATEGORIES as readonly string[]).includes(plan.category),
  );
  return { plans, offered };
}

type ReadAmount = (text: string) => string | null;

/**
 * What the form sends: the target read as the member writes numbers ("1.500,50" in Spanish), or ''
 * when it is not an amount there (the API's own message then says so on the field, decision 233).
 */
function goalPayload(values: GoalCreateRequest, read: ReadAmount): CreateGoalPayload {
  return {
    name: values.name.trim(),
    target_amount: read(String(values.target_amount ?? '')) ?? '',
    target_frequency: values.target_frequency || null,
    target_date: values.target_date || null,
    plan_id: Number(values.plan_id),
  };
}

/**
 * What the recommendation is asked for: the form's target, frequency, date and plan, once the target
 * is above 0.
 */
function impactRequestFor(
  read: ReadAmount,
  target: GoalCreateRequest['target_amount'],
  frequency: GoalCreateRequest['target_frequency'],
  date: GoalCreateRequest['target_date'],
  planId: GoalCreateRequest['plan_id'],
): PlanImpactRequest | null {
  const targetText = read(String(target ?? '')) ?? '';
  const parsed = parseAmountToCents(targetText);
  return parsed.ok && parsed.cents > 0
    ? {
        target_amount: targetText,
        target_frequency: frequency || null,
        target_date: date || null,
        ...(planId ? { plan_id: Number(planId) } : {}),
      }
    : null;
}

interface GoalFieldsProps {
  register: UseFormRegister<GoalCreateRequest>;
  errors: FieldErrors<GoalCreateRequest>;
  plansPending: boolean;
  offered: Plan[];
}

/** The form's fields: name, target, frequency, date and the plan with its minimum and yield. */
function GoalFields({ register, errors, plansPending, offered }: GoalFieldsProps) {
  const { t } = useTranslation();
  const rateLabels = useLabels();
  const message = useMessage();
  const money = useMoney();
  return (
    <>
      <TextField
        label={t('goals.form.name')}
        required
        maxLength={100}
        autoComplete="off"
        error={message(errors.name?.message)}
        {...register('name')}
      />
      <TextField
        label={t('goals.form.target')}
        inputMode="decimal"
        autoComplete="off"
        required
        error={message(errors.target_amount?.message)}
        {...register('target_amount')}
      />
      <SelectField
        label={t('goals.form.frequency')}
        aside={t('common.optional')}
        error={message(errors.target_frequency?.message)}
        {...register('target_frequency')}
      >
        <option value="">{t('goals.frequency.none')}</option>
        <option value="daily">{t('goals.frequency.daily')}</option>
        <option value="weekly">{t('goals.frequency.weekly')}</option>
        <option value="monthly">{t('goals.frequency.monthly')}</option>
      </SelectField>
      <TextField
        label={t('goals.form.date')}
        aside={t('common.optional')}
        type="date"
        error={message(errors.target_date?.message)}
        {...register('target_date')}
      />
      <SelectField
        label={t('goals.form.plan')}
        required
        disabled={plansPending}
        hint={t('goals.form.planHint')}
        error={message(errors.plan_id?.message)}
        {...register('plan_id')}
      >
        <option value="">{plansPending ? t('goals.form.plansLoading') : t('goals.form.planChoose')}</option>
        {offered.map((plan) => (
          <option key={plan.id} value={plan.id}>
            {t('goals.form.planOption', {
              name: plan.name,
              min: money(plan.min_amount),
              rate: rateLabels.planYield(plan.apy_bps),
            })}
          </option>
        ))}
      </SelectField>
    </>
  );
}

interface CreateGoalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The create-goal modal (spec §5 Goal form, §8): name, target (at least 1), frequency (None, daily,
 * weekly, monthly), an optional date and a personal or business plan; saving invests the plan's
 * minimum at once ('Goal created and investment deducted!').
 */
export function CreateGoalDialog({ open, onOpenChange }: CreateGoalDialogProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const create = useCreateGoal();
  const { read } = useAmountInput();
  const { plans, offered } = useOfferedPlans(open);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<GoalCreateRequest>({
    resolver: schemaResolver(GoalCreateRequest, (values: GoalCreateRequest) => goalPayload(values, read)),
    defaultValues: EMPTY,
  });
  const [target, frequency, date, planId] = useWatch({
    control,
    name: ['target_amount', 'target_frequency', 'target_date', 'plan_id'],
  });

  const close = (next: boolean) => {
    if (!next) {
      reset(EMPTY);
      create.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = handleSubmit((values) =>
    create.mutate(goalPayload(values, read), {
      onSuccess: () => {
        toast.success(message('Goal created and investment deducted!'), goalToastOptions);
        close(false);
      },
      onError: (error) => {
        applyFieldErrors(error, setError, FIELDS);
        toast.error(message(errorMessage(error, 'Failed to create goal.')), goalToastOptions);
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={close} title={t('goals.form.title')} description={t('goals.form.lead')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <GoalFields register={register} errors={errors} plansPending={plans.isPending} offered={offered} />
        <Recommendation request={impactRequestFor(read, target, frequency, date, planId)} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)}>
            {t('goals.form.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t('goals.form.submitting') : t('goals.form.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
