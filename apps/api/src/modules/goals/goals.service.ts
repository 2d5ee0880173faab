import type { GoalRow, PlanRow } from '@app/db';
import {
  GOAL_MESSAGES,
  MAX_GOALS_PER_MEMBER,
  centsToMajor,
  effectiveFrequency,
  formatMoney,
  formatRate,
  goalProgressPercent,
  goalDateProblem,
  planImpact,
  projectGoal,
  suggestGoalPlans,
  type GoalPlanOption,
  type Goal,
  type GoalListResponse,
  type PlanForGoal,
  type PlanImpactInput,
  type PlanImpactResponse,
  type PreviewPlansInput,
  type PreviewPlansResponse,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { userBalance } from '../../ledger/ledger';
import { findPlan } from '../plans/plans.service';
import * as repository from './goals.repository';

/**
 * Savings goals (spec §2 My Goals, §3, §5; DESIGN §6 "Goals and the assistant"). Every unit invested
 * for a goal is a user plan with goal_id, through the ledger (docs/decisions/110). These functions are
 * also what the assistant (POST /api/ai/*) calls: keep their names stable.
 */

/** Dependencies the goal functions use: the app's, or a job's. */
export type GoalDeps = Pick<AppDeps, 'database' | 'clock' | 'mailer'>;

export const utcDate = (instant: Date) => instant.toISOString().slice(0, 10);
export const money = (cents: number) => formatMoney(centsToMajor(cents));

/** The goal's projection (decision 187): from its stored totals and schedule, never its history. */
function toProjection(row: GoalRow, apyBps: number, today: string): Goal['projection'] {
  const projection = projectGoal({
    status: row.status,
    targetCents: row.targetAmount,
    investedCents: row.invested,
    earnedCents: row.earned,
    unitCents: row.unitAmount,
    apyBps,
    frequency: row.targetFrequency,
    targetDate: row.targetDate,
    nextDueOn: row.nextDueOn,
    today,
  });
  const suggested = projection.suggestedContributionCents;
  return {
    track: projection.track,
    projected_value: centsToMajor(projection.projectedCents),
    remaining_contributions: projection.remainingContributions,
    suggested_contribution: suggested === null ? null : centsToMajor(suggested),
  };
}

/** What a goal is shown with: its plan's name and rate, and today's date (UTC). */
export interface GoalContext {
  planName: string;
  planApyBps: number;
  today: string;
}

export function toGoal(row: GoalRow, context: GoalContext): Goal {
  const next = row.status === 'active' && row.nextDueOn !== null;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    target_amount: centsToMajor(row.targetAmount),
    invested: centsToMajor(row.invested),
    achieved_amount: centsToMajor(row.invested),
    earned: centsToMajor(row.earned),
    progress_percent:
      row.status === 'completed' ? 100 : goalProgressPercent(row.invested, row.earned, row.targetAmount),
    target_frequency: row.targetFrequency,
    target_date: row.targetDate,
    plan_id: row.planId,
    plan_name: context.planName,
    unit_amount: centsToMajor(row.unitAmount),
    contributions: row.contributions,
    skipped_periods: row.skippedPeriods,
    next_contribution_date: next ? row.nextDueOn : null,
    next_contribution_amount: next ? centsToMajor(row.unitAmount) : null,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
    projection: toProjection(row, context.planApyBps, context.today),
  };
}

/** GET /api/goals: the member's goals (newest first) and the summary header's figures. */
export async function listGoals(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  userId: number,
): Promise<GoalListResponse> {
  const rows = await repository.listGoals(deps.database.db, userId, MAX_GOALS_PER_MEMBER);
  const today = utcDate(deps.clock.now());
  const data = rows.map(({ goal, planName, planApyBps }) => toGoal(goal, { planName, planApyBps, today }));
  const invested = rows.reduce((total, { goal }) => total + goal.invested, 0);
  return {
    data,
    summary: {
      total_goals: rows.length,
      active_goals: rows.filter(({ goal }) => goal.status === 'active').length,
      completed_goals: rows.filter(({ goal }) => goal.status === 'completed').length,
      total_invested: centsToMajor(invested),
    },
  };
}

/** One of the member's goals (404 for anyone else's). */
export async function getGoal(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  userId: number,
  id: number,
): Promise<Goal> {
  const row = await repository.findGoal(deps.database.db, userId, id);
  if (!row) throw AppError.notFound(GOAL_MESSAGES.goalNotFound);
  const today = utcDate(deps.clock.now());
  return toGoal(row.goal, { planName: row.planName, planApyBps: row.planApyBps, today });
}

const planForGoal = (row: PlanRow): PlanForGoal => ({
  id: row.id,
  name: row.name,
  category: row.category,
  status: row.status,
  apyBps: row.apyBps,
  minAmount: row.minAmount,
  maxAmount: row.maxAmount,
});

function toSuggestedPlan(figures: GoalPlanOption) {
  const { plan } = figures;
  return {
    id: plan.id,
    plan_id: plan.id,
    name: plan.name,
    category: plan.category,
    apy_bps: plan.apyBps,
    change: formatRate(plan.apyBps),
    min_amount: centsToMajor(plan.minAmount),
    max_amount: centsToMajor(plan.maxAmount),
    min_units: figures.minUnits,
    max_units: figures.maxUnits,
    min_total: centsToMajor(figures.minTotal),
    max_total: centsToMajor(figures.maxTotal),
    periods: figures.periods,
    contributions: figures.contributions,
  };
}

/** A target date must be after today and at most GOAL_DATE_MAX_YEARS away (400 on the field otherwise). */
export function requireFutureDate(targetDate: string | null, today: string): void {
  const problem = targetDate === null ? null : goalDateProblem(targetDate, today);
  if (problem === 'not_future') throw AppError.validation('target_date', GOAL_MESSAGES.dateNotFuture);
  if (problem === 'too_far') throw AppError.validation('target_date', GOAL_MESSAGES.dateTooFar);
  if (problem === 'malformed') throw AppError.validation('target_date', GOAL_MESSAGES.invalidDate);
}

/**
 * POST /api/ai/preview-plans (decision 161): the active personal or business plans whose
 * contributions reach the target by the date and whose first contribution the member's balance
 * covers, with units and totals, best first; none → a message saying why, with empty lists (200:
 * the chat shows the message).
 */
export async function previewPlans(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  userId: number,
  input: PreviewPlansInput,
): Promise<PreviewPlansResponse> {
  const { db } = deps.database;
  const today = utcDate(deps.clock.now());
  requireFutureDate(input.target_date, today);
  const [balance, catalogue] = await Promise.all([userBalance(db, userId, 'cash'), repository.goalPlans(db)]);
  const suggestion = suggestGoalPlans({
    targetCents: input.target_amount,
    frequency: input.target_frequency,
    targetDate: input.target_date,
    today,
    balanceCents: balance,
    plans: catalogue.map(planForGoal),
  });
  const recommended = suggestion.recommended.map(toSuggestedPlan);
  return {
    recommended_plans: recommended,
    best_plan: recommended[0] ?? null,
    message:
      suggestion.none === 'unreachable'
        ? GOAL_MESSAGES.noPlanReaches
        : suggestion.none === 'balance'
          ? GOAL_MESSAGES.noMatchingPlans
          : GOAL_MESSAGES.plansFound(recommended.length),
  };
}

/**
 * POST /api/goals/calculate-plan-impact (DESIGN §6): the days to the target at one min unit per
 * period, in the given plan, or without one in the best personal or business plan of preview-plans'
 * order (the pure recommendation; null when no such plan is open).
 */
export async function calculatePlanImpact(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  input: PlanImpactInput,
): Promise<PlanImpactResponse> {
  const { db } = deps.database;
  const today = utcDate(deps.clock.now());
  requireFutureDate(input.target_date, today);
  let plan: PlanForGoal | null;
  if (input.plan_id !== undefined) {
    const row = await findPlan(db, input.plan_id);
    if (!row)
      throw new AppError('NOT_FOUND', GOAL_MESSAGES.planNotFound, { plan_id: [GOAL_MESSAGES.planNotFound] });
    plan = planForGoal(row);
  } else {
    const suggestion = suggestGoalPlans({
      targetCents: input.target_amount,
      frequency: input.target_frequency,
      targetDate: input.target_date,
      today,
      balanceCents: Number.MAX_SAFE_INTEGER,
      plans: (await repository.goalPlans(db)).map(planForGoal),
    });
    plan = suggestion.best?.plan ?? null;
  }
  if (!plan) return { recommended_duration_days: null, plan_summary: null };
  const frequency = effectiveFrequency(input.target_frequency);
  const impact = planImpact({
    targetCents: input.target_amount,
    unitCents: plan.minAmount,
    apyBps: plan.apyBps,
    frequency,
    today,
  });
  return {
    recommended_duration_days: impact.durationDays,
    plan_summary: {
      plan_id: plan.id,
      name: plan.name,
      apy_bps: plan.apyBps,
      change: formatRate(plan.apyBps),
      target_frequency: frequency,
      unit_amount: centsToMajor(plan.minAmount),
      units_needed: impact.units,
      total_invested: centsToMajor(impact.totalInvested),
      projected_earnings: centsToMajor(impact.projectedEarnings),
      expected_completion_date: impact.reachedOn,
      meets_target_date: input.target_date === null ? null : impact.reachedOn <= input.target_date,
    },
  };
}
