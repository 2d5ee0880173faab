import { PERIODS_PER_YEAR } from './constants';
import { addLoanIntervals } from './loans';

/**
 * Pure planning rules of savings goals (DESIGN §6 "Goals and the assistant"), used by the server (the
 * preview, the recommendation, the contribution job) and the web app. Amounts are integer cents,
 * rates basis points, dates UTC calendar dates (YYYY-MM-DD). Decisions 110 and 111.
 */

export const GOAL_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type GoalFrequency = (typeof GOAL_FREQUENCIES)[number];

/** Plans a goal may use (spec §5 Goal form). */
export const GOAL_PLAN_CATEGORIES = ['personal', 'business'] as const;

/** A goal saved with frequency None is planned and contributed daily, the spec's default (decision 111). */
export const DEFAULT_GOAL_FREQUENCY: GoalFrequency = 'daily';

/** The most goals a member may have at once: GET /api/goals stays one bounded read (decision 110). */
export const MAX_GOALS_PER_MEMBER = 100;

export const effectiveFrequency = (frequency: GoalFrequency | null | undefined): GoalFrequency =>
  frequency ?? DEFAULT_GOAL_FREQUENCY;

const DAY_MS = 86_400_000;
const BPS = 10_000n;

/** Whole days from `from` to `to` (dates YYYY-MM-DD; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The date `count` periods after `start`: days, weeks, or calendar months (day clamped to the month). */
export function addGoalPeriods(start: string, frequency: GoalFrequency, count: number): string {
  return addLoanIntervals(start, frequency, count);
}

/**
 * n of DESIGN §6: the whole periods from `today` until the target date, at least 1; without a date,
 * the periods of 12 months (365 days, 52 weeks, 12 months).
 */
export function periodsUntil(today: string, targetDate: string | null, frequency: GoalFrequency): number {
  if (targetDate === null) return PERIODS_PER_YEAR[frequency];
  const days = daysBetween(today, targetDate);
  if (days <= 0) return 1;
  if (frequency === 'daily') return days;
  if (frequency === 'weekly') return Math.max(1, Math.floor(days / 7));
  const [y1, m1] = today.split('-').map(Number) as [number, number];
  const [y2, m2] = targetDate.split('-').map(Number) as [number, number];
  let months = (y2 - y1) * 12 + (m2 - m1);
  while (months > 0 && addGoalPeriods(today, 'monthly', months) > targetDate) months -= 1;
  return Math.max(1, months);
}

const ceilDiv = (numerator: bigint, denominator: bigint): bigint =>
  (numerator + denominator - 1n) / denominator;

export interface PlanForGoal {
  id: number;
  name: string;
  category: string;
  status: string;
  apyBps: number;
  /** Cents. */
  minAmount: number;
  maxAmount: number;
}

/** Whether a goal may use the plan at all: active, of category personal or business. */
export const isGoalPlan = (plan: Pick<PlanForGoal, 'status' | 'category'>): boolean =>
  plan.status === 'active' && (GOAL_PLAN_CATEGORIES as readonly string[]).includes(plan.category);

/**
 * Value in cents × 2 × periods per year × 10 000 of a goal after its k-th unit: units invested at
 * periods 0…k−1, each earning simple interest at the plan's rate for the periods it has been held:
 * k × unit + unit × apy × k(k−1) ÷ (2 × periods per year).
 */
function scaledValue(units: bigint, unit: bigint, apyBps: bigint, perYear: bigint): bigint {
  return unit * (2n * perYear * BPS * units + apyBps * units * (units - 1n));
}

/**
 * How many units (one per period, the first at once) reach the target, counting the earnings the
 * units already invested make meanwhile: the smallest k with value(k) ≥ target (binary search, exact).
 */
export function unitsToTarget(
  targetCents: number,
  unitCents: number,
  apyBps: number,
  frequency: GoalFrequency,
): number {
  const perYear = BigInt(PERIODS_PER_YEAR[frequency]);
  const target = BigInt(targetCents) * 2n * perYear * BPS;
  const unit = BigInt(unitCents);
  const apy = BigInt(apyBps);
  let low = 1n;
  let high = ceilDiv(BigInt(targetCents), unit);
  while (low < high) {
    const middle = (low + high) / 2n;
    if (scaledValue(middle, unit, apy, perYear) >= target) high = middle;
    else low = middle + 1n;
  }
  return Number(low);
}

export interface PlanImpact {
  /** Units needed at one min unit per period (the first at once). */
  units: number;
  /** Days from today to the end of the last of those periods. */
  durationDays: number;
  /** The date the target is expected to be reached. */
  reachedOn: string;
  /** Cents invested: units × unit. */
  totalInvested: number;
  /** Cents of simple earnings meanwhile (rounded down). */
  projectedEarnings: number;
}

/**
 * calculate-plan-impact (DESIGN §6): the days to the target at one min unit per period. With k units
 * from unitsToTarget, the duration is the days from today to k periods later (the k-th unit is
 * invested at the start of period k).
 */
export function planImpact(input: {
  targetCents: number;
  unitCents: number;
  apyBps: number;
  frequency: GoalFrequency | null;
  today: string;
}): PlanImpact {
  const frequency = effectiveFrequency(input.frequency);
  const units = unitsToTarget(input.targetCents, input.unitCents, input.apyBps, frequency);
  const reachedOn = addGoalPeriods(input.today, frequency, units);
  const perYear = BigInt(PERIODS_PER_YEAR[frequency]);
  const k = BigInt(units);
  const earnings = (BigInt(input.unitCents) * BigInt(input.apyBps) * k * (k - 1n)) / (2n * perYear * BPS);
  return {
    units,
    durationDays: daysBetween(input.today, reachedOn),
    reachedOn,
    totalInvested: units * input.unitCents,
    projectedEarnings: Number(earnings),
  };
}

/** Progress in whole percent, 0…100: floor((invested + earned) × 100 ÷ target). */
export function goalProgressPercent(investedCents: number, earnedCents: number, targetCents: number): number {
  if (targetCents <= 0) return 100;
  const percent = (BigInt(investedCents + earnedCents) * 100n) / BigInt(targetCents);
  return Number(percent > 100n ? 100n : percent);
}

/** Whether a goal has reached its target (DESIGN §6: invested + earned ≥ target). */
export const goalReached = (investedCents: number, earnedCents: number, targetCents: number): boolean =>
  investedCents + earnedCents >= targetCents;
