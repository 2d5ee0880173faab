import { z } from 'zod';
import { GOAL_DATE_MAX_YEARS } from '../goal-planning';
import { GOAL_FREQUENCIES } from '../goals';
import { isoDate, moneyAmount, positiveId, wholeNumber } from './common';

/** Messages of goals: the spec's (§5, §8) where it gives one, ours otherwise. */
export const GOAL_MESSAGES = {
  selectPlan: 'Please select a plan before submitting.',
  nameRequired: 'Please enter a goal name.',
  nameTooLong: 'A goal name can have at most 100 characters.',
  invalidTarget: 'Please enter a target amount of at least 1.',
  invalidFrequency: 'Choose None, daily, weekly or monthly.',
  invalidDate: 'Enter a date as YYYY-MM-DD.',
  dateNotFuture: 'The target date must be after today.',
  achievedStartsAtZero: 'A new goal starts with achieved_amount 0.',
  /** Spec §8. */
  noMatchingPlans: 'No matching plans found for your goal, your balance is insufficient.',
  /** No plan's contributions add up to the target by the date (decision 161). */
  noPlanReaches:
    'No plan can reach this target by that date. Try a later date, a smaller amount or a more frequent interval.',
  dateTooFar: `The target date can be at most ${GOAL_DATE_MAX_YEARS} years from today.`,
  invalidUnits: 'Choose a whole number of units of at least 1.',
  unitsAboveMax: 'That many units are more than this plan takes at once.',
  plansFound: (count: number) =>
    count === 1 ? 'One plan can reach your goal.' : `${count} plans can reach your goal.`,
  /** Spec §8: create success (the first unit is invested at once). */
  created: 'Goal created and investment deducted!',
  /** Spec §8 fallbacks shown by the web app. */
  createFailed: 'Failed to create goal.',
  loadFailed: 'Failed to fetch your goals.',
  plansLoadFailed: 'Could not load available plans.',
  loading: 'Loading your investment goals...',
  empty: "You don't have any goals yet. Start by creating one!",
  noGoals: 'No goals found.',
  planNotFound: 'Plan not found.',
  planNotForGoals: 'Goals can use only personal or business plans.',
  planInactive: 'This plan is not open for investment.',
  insufficientBalance: (unit: string) =>
    `Your balance is insufficient: the first investment of this goal is ${unit}.`,
  tooManyGoals: (max: number) => `You can have at most ${max} goals.`,
  goalNotFound: 'Goal not found.',
  paused: 'Goal paused.',
  resumed: 'Goal resumed.',
  deleted: 'Goal deleted. Its money stays invested in its plans.',
  pauseOnlyActive: 'Only an active goal can be paused.',
  resumeOnlyPaused: 'Only a paused goal can be resumed.',
  /** The contribution per period, changed by the member (decision 191). */
  invalidContribution: 'Enter a contribution of at least 0.01.',
  contributionOutOfRange: 'The contribution must be between this plan’s minimum and maximum amounts.',
  contributionDone: 'A completed goal takes no more contributions.',
  contributionChanged: 'Contribution changed.',
} as const;

export const GoalFrequencySchema = z.enum(GOAL_FREQUENCIES);
export const GoalStatusSchema = z.enum(['active', 'paused', 'completed']);
export type GoalStatus = z.infer<typeof GoalStatusSchema>;

/** Frequency as a form or the chat sends it: None/''/null → null; 'Daily' → 'daily'. */
const frequencyField = (fallback: 'daily' | null) =>
  z
    .union([z.string(), z.null()], { error: GOAL_MESSAGES.invalidFrequency })
    .optional()
    .transform((value, ctx) => {
      const text = (value ?? '').trim().toLowerCase();
      if (text === '' || text === 'none') return fallback;
      const parsed = GoalFrequencySchema.safeParse(text);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: GOAL_MESSAGES.invalidFrequency });
        return z.NEVER;
      }
      return parsed.data;
    });

/** An optional date: ''/null/absent → null. Whether it is after today is the service's check. */
const optionalDate = z
  .union([z.string(), z.null()], { error: GOAL_MESSAGES.invalidDate })
  .optional()
  .transform((value) => (value === null || value === undefined ? '' : value.trim()))
  .pipe(z.union([z.literal('').transform(() => null), isoDate(GOAL_MESSAGES.invalidDate)]))
  .meta({ format: 'date' });

const goalName = z
  .string({ error: GOAL_MESSAGES.nameRequired })
  .trim()
  .min(1, GOAL_MESSAGES.nameRequired)
  .max(100, GOAL_MESSAGES.nameTooLong);

const targetAmount = moneyAmount({
  invalid: GOAL_MESSAGES.invalidTarget,
  min: { cents: 100, message: GOAL_MESSAGES.invalidTarget },
});

const planId = (message: string) => positiveId(message);

/**
 * POST /api/goals and POST /api/ai/save-goal (spec §5 Goal form, §7). Output: target in cents,
 * frequency null for None, date null when absent.
 */
export const GoalCreateRequest = z.object({
  name: goalName,
  target_amount: targetAmount,
  target_frequency: frequencyField(null),
  target_date: optionalDate,
  plan_id: planId(GOAL_MESSAGES.selectPlan),
  /** Units of the plan's min_amount each contribution invests (the chat's suggestion; 1 when absent). */
  units: z
    .number({ error: GOAL_MESSAGES.invalidUnits })
    .int(GOAL_MESSAGES.invalidUnits)
    .min(1, GOAL_MESSAGES.invalidUnits)
    .max(1_000_000_000, GOAL_MESSAGES.unitsAboveMax)
    .optional(),
  /** The chat sends 0 (spec §7); anything else is refused: a goal starts at 0. */
  achieved_amount: wholeNumber(
    z
      .number({ error: GOAL_MESSAGES.achievedStartsAtZero })
      .min(0, GOAL_MESSAGES.achievedStartsAtZero)
      .max(0, GOAL_MESSAGES.achievedStartsAtZero),
  ).optional(),
});
export type GoalCreateRequest = z.input<typeof GoalCreateRequest>;
export type GoalCreateInput = z.output<typeof GoalCreateRequest>;

/**
 * POST /api/goals/:id/contribution (decision 191): the amount each period's contribution invests, in
 * dollars (output: cents). Whether the goal's plan takes it is the service's check.
 */
export const GoalContributionRequest = z.object({
  amount: moneyAmount({
    invalid: GOAL_MESSAGES.invalidContribution,
    min: { cents: 1, message: GOAL_MESSAGES.invalidContribution },
  }),
});
export type GoalContributionRequest = z.input<typeof GoalContributionRequest>;

/** POST /api/ai/preview-plans: frequency defaults to daily (spec §7). */
export const PreviewPlansRequest = z.object({
  name: z.string().trim().max(100, GOAL_MESSAGES.nameTooLong).optional(),
  target_amount: targetAmount,
  target_frequency: frequencyField('daily'),
  target_date: optionalDate,
});
export type PreviewPlansRequest = z.input<typeof PreviewPlansRequest>;
export type PreviewPlansInput = z.output<typeof PreviewPlansRequest>;

/** POST /api/goals/calculate-plan-impact: name and plan optional (the pure recommendation). */
export const PlanImpactRequest = z.object({
  name: z.string().trim().max(100, GOAL_MESSAGES.nameTooLong).optional(),
  target_amount: targetAmount,
  target_frequency: frequencyField(null),
  target_date: optionalDate,
  plan_id: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    planId(GOAL_MESSAGES.planNotFound).optional(),
  ),
});
export type PlanImpactRequest = z.input<typeof PlanImpactRequest>;
export type PlanImpactInput = z.output<typeof PlanImpactRequest>;

/**
 * Whether the goal is on track (decision 187): the projected value at the target date (dollars) and,
 * when behind, the contribution per period (dollars, rounded up to the cent) that would reach it.
 */
export const GoalProjectionView = z.object({
  track: z.enum(['on_track', 'behind', 'overdue', 'completed', 'no_date']),
  projected_value: z.number(),
  remaining_contributions: z.number().int(),
  suggested_contribution: z.number().nullable(),
});

/** A goal as GET /api/goals gives it (spec §3 plus the next contribution). Amounts in dollars. */
export const Goal = z.object({
  id: z.number().int(),
  name: z.string(),
  status: GoalStatusSchema,
  target_amount: z.number(),
  invested: z.number(),
  /** The spec's other name of invested. */
  achieved_amount: z.number(),
  earned: z.number(),
  progress_percent: z.number().int(),
  /** Null: None (contributed daily, decision 111). */
  target_frequency: GoalFrequencySchema.nullable(),
  target_date: z.string().nullable(),
  plan_id: z.number().int(),
  plan_name: z.string(),
  /** Dollars invested per period. */
  unit_amount: z.number(),
  contributions: z.number().int(),
  skipped_periods: z.number().int(),
  /** The date of the next unit (YYYY-MM-DD), null when the goal is paused or completed. */
  next_contribution_date: z.string().nullable(),
  next_contribution_amount: z.number().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  projection: GoalProjectionView,
});
export type Goal = z.infer<typeof Goal>;

export const GoalSummary = z.object({
  total_goals: z.number().int(),
  active_goals: z.number().int(),
  completed_goals: z.number().int(),
  /** Dollars: invested over all the member's goals. */
  total_invested: z.number(),
});
export type GoalSummary = z.infer<typeof GoalSummary>;

/** GET /api/goals: every goal of the member (at most MAX_GOALS_PER_MEMBER), newest first. */
export const GoalListResponse = z.object({ data: z.array(Goal), summary: GoalSummary });
export type GoalListResponse = z.infer<typeof GoalListResponse>;

export const GoalResponse = z.object({ message: z.string(), goal: Goal });
export type GoalResponse = z.infer<typeof GoalResponse>;

/** A suggested plan (spec §3): amounts in dollars (per unit and totals). */
export const SuggestedPlan = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  name: z.string(),
  category: z.string(),
  apy_bps: z.number().int(),
  change: z.string(),
  min_amount: z.number(),
  max_amount: z.number(),
  /** Units (of min_amount) per contribution: the fewest that reach the target by the date, the most worth it. */
  min_units: z.number().int(),
  max_units: z.number().int(),
  /** Units × min_amount × contributions until the date, at min_units and max_units (both ≥ the target). */
  min_total: z.number(),
  max_total: z.number(),
  /** Whole periods until the target date (12 months without one). */
  periods: z.number().int(),
  /** Contributions until the target date, the first at once (decision 161). */
  contributions: z.number().int(),
});
export type SuggestedPlan = z.infer<typeof SuggestedPlan>;

export const PreviewPlansResponse = z.object({
  recommended_plans: z.array(SuggestedPlan),
  best_plan: SuggestedPlan.nullable(),
  message: z.string(),
});
export type PreviewPlansResponse = z.infer<typeof PreviewPlansResponse>;

export const PlanSummary = z.object({
  plan_id: z.number().int(),
  name: z.string(),
  apy_bps: z.number().int(),
  change: z.string(),
  target_frequency: GoalFrequencySchema,
  /** Dollars invested per period (the plan's min_amount). */
  unit_amount: z.number(),
  units_needed: z.number().int(),
  total_invested: z.number(),
  projected_earnings: z.number(),
  /** The date the target is expected to be reached at one unit per period. */
  expected_completion_date: z.string(),
  /** With a target date: whether that date is met at one unit per period; null without one. */
  meets_target_date: z.boolean().nullable(),
});
export type PlanSummary = z.infer<typeof PlanSummary>;

export const PlanImpactResponse = z.object({
  /** Null when no personal or business plan is open. */
  recommended_duration_days: z.number().int().nullable(),
  plan_summary: PlanSummary.nullable(),
});
export type PlanImpactResponse = z.infer<typeof PlanImpactResponse>;
