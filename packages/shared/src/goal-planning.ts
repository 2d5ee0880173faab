import { ENGLISH_MARKS, localAmountText, parseAmountToCents, type NumberMarks } from './money';
import { addGoalPeriods, daysBetween, effectiveFrequency, isGoalPlan, type GoalFrequency } from './goals';
import type { PlanForGoal } from './goals';

/**
 * The assistant's plan suggestions for a savings goal (preview-plans; decision 161). A goal invests
 * the same contribution at once and then once per period (daily, weekly or monthly); a contribution
 * is a whole number of units, a unit being the plan's min_amount, and one contribution can hold at
 * most the plan's max_amount. A plan is suggested only when some contribution it allows, repeated at
 * the stated frequency until the target date, adds up to the target: principal only, earnings are
 * extra, so the suggestion holds whatever the plan earns. Pure, exact integer arithmetic (BigInt).
 */

/** The furthest target date a goal may have, in years from today. */
export const GOAL_DATE_MAX_YEARS = 50;

/** The most whole periods between two dates (today's and the day `count` periods later ≤ `to`). */
export function wholePeriods(from: string, to: string, frequency: GoalFrequency): number {
  const days = daysBetween(from, to);
  if (days <= 0) return 0;
  if (frequency === 'daily') return days;
  if (frequency === 'weekly') return Math.floor(days / 7);
  const [y1, m1] = from.split('-').map(Number) as [number, number];
  const [y2, m2] = to.split('-').map(Number) as [number, number];
  let months = (y2 - y1) * 12 + (m2 - m1);
  while (months > 0 && addGoalPeriods(from, 'monthly', months) > to) months -= 1;
  return Math.max(0, months);
}

/** The day a goal without a target date is planned to: 12 months from today. */
export const defaultPlanningDate = (today: string): string => addGoalPeriods(today, 'monthly', 12);

/**
 * Contributions a goal makes from today to the target date, both included: the first at once, then
 * one each period whose day is not after the date (12 months when there is no date).
 */
export function contributionsUntil(
  today: string,
  targetDate: string | null,
  frequency: GoalFrequency,
): number {
  return 1 + wholePeriods(today, targetDate ?? defaultPlanningDate(today), frequency);
}

export interface GoalPlanOption {
  plan: PlanForGoal;
  /** Cents: the price of one unit (the plan's min_amount). */
  unit: number;
  /** Contributions until the target date, the first at once. */
  contributions: number;
  /** Whole periods until the target date (contributions − 1). */
  periods: number;
  /** Fewest units per contribution that reach the target by the date. */
  minUnits: number;
  /** Most units per contribution worth offering: the plan's max_amount, and never more than the target in one. */
  maxUnits: number;
  /** Cents: minUnits × unit × contributions (≥ target). */
  minTotal: number;
  /** Cents: maxUnits × unit × contributions (≥ minTotal). */
  maxTotal: number;
}

/**
 * The plan's option for a target of `targetCents` over `contributions` contributions, or null when no
 * contribution the plan allows reaches it (or the plan has no usable unit).
 */
export function planOption(
  targetCents: number,
  plan: PlanForGoal,
  contributions: number,
): GoalPlanOption | null {
  if (plan.minAmount <= 0 || plan.maxAmount < plan.minAmount || targetCents <= 0 || contributions < 1)
    return null;
  const target = BigInt(targetCents);
  const unit = BigInt(plan.minAmount);
  const count = BigInt(contributions);
  const minUnits = (target + unit * count - 1n) / (unit * count);
  const perContributionCap = BigInt(plan.maxAmount) / unit;
  const inOne = (target + unit - 1n) / unit;
  const maxUnits = perContributionCap < inOne ? perContributionCap : inOne;
  if (minUnits > maxUnits) return null;
  return {
    plan,
    unit: plan.minAmount,
    contributions,
    periods: contributions - 1,
    minUnits: Number(minUnits),
    maxUnits: Number(maxUnits),
    minTotal: Number(minUnits * unit * count),
    maxTotal: Number(maxUnits * unit * count),
  };
}

/**
 * At which contribution a goal investing `units` units of `unitCents` each reaches `targetCents`: the
 * goal stops investing then (its units' principal only, as planOption counts it).
 */
export function contributionsToReach(targetCents: number, unitCents: number, units: number): number {
  const each = BigInt(unitCents) * BigInt(units);
  return Number((BigInt(targetCents) + each - 1n) / each);
}

export interface GoalPlanSuggestion {
  /** Best first: smallest min_total, then the highest apy, then the catalogue's id. */
  recommended: GoalPlanOption[];
  best: GoalPlanOption | null;
  /** Why none, when none: no plan reaches the target by the date, or the balance cannot start one. */
  none: 'unreachable' | 'balance' | null;
}

/**
 * preview-plans: the active personal or business plans that reach the target by the date and whose
 * first contribution (min_units × unit, invested at once) the balance covers, best first.
 */
export function suggestGoalPlans(input: {
  targetCents: number;
  frequency: GoalFrequency | null;
  targetDate: string | null;
  today: string;
  balanceCents: number;
  plans: PlanForGoal[];
}): GoalPlanSuggestion {
  const contributions = contributionsUntil(
    input.today,
    input.targetDate,
    effectiveFrequency(input.frequency),
  );
  const reaching = input.plans
    .filter(isGoalPlan)
    .map((plan) => planOption(input.targetCents, plan, contributions))
    .filter((option): option is GoalPlanOption => option !== null);
  const recommended = reaching
    .filter((option) => option.minUnits * option.unit <= input.balanceCents)
    .sort((a, b) => a.minTotal - b.minTotal || b.plan.apyBps - a.plan.apyBps || a.plan.id - b.plan.id);
  const none = recommended.length > 0 ? null : reaching.length === 0 ? 'unreachable' : 'balance';
  return { recommended, best: recommended[0] ?? null, none };
}

/** Why a goal's target amount, as typed, cannot be used. */
export type GoalAmountProblem =
  'not_a_number' | 'not_positive' | 'too_many_decimals' | 'too_large' | 'too_small';

/** The least target a goal may have, in cents ($1). */
export const GOAL_TARGET_MIN_CENTS = 100;

/**
 * A target amount as a member types it in their language ("1500", "$1,500.50", " 20 000 ", and with
 * Spanish marks "1.500,50"): cents, or the problem. Text that could be read two ways ("1,50" with
 * English marks) is not a number. The same rules as the API's target_amount (parseAmountToCents, at
 * least $1).
 */
export function readGoalAmount(
  text: string,
  marks: NumberMarks = ENGLISH_MARKS,
): { ok: true; cents: number } | { ok: false; problem: GoalAmountProblem } {
  const plain = localAmountText(text, marks);
  if (plain === null) return { ok: false, problem: 'not_a_number' };
  const parsed = parseAmountToCents(plain);
  if (parsed.ok) {
    return parsed.cents < GOAL_TARGET_MIN_CENTS ? { ok: false, problem: 'too_small' } : parsed;
  }
  switch (parsed.reason) {
    case 'Amount may have at most 2 decimals.':
      return { ok: false, problem: 'too_many_decimals' };
    case 'Amount is too large.':
      return { ok: false, problem: 'too_large' };
    case 'Amount must be greater than 0.':
      return { ok: false, problem: 'not_positive' };
    default:
      return { ok: false, problem: plain.startsWith('-') ? 'not_positive' : 'not_a_number' };
  }
}

/** Why a target date cannot be used. */
export type GoalDateProblem = 'malformed' | 'not_future' | 'too_far';

/** The latest target date allowed on `today`: GOAL_DATE_MAX_YEARS later. */
export const latestGoalDate = (today: string): string =>
  addGoalPeriods(today, 'monthly', 12 * GOAL_DATE_MAX_YEARS);

/** Whether `date` (YYYY-MM-DD) can be a goal's target date on `today`; null when it can. */
export function goalDateProblem(date: string, today: string): GoalDateProblem | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'malformed';
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) return 'malformed';
  if (date <= today) return 'not_future';
  if (date > latestGoalDate(today)) return 'too_far';
  return null;
}
