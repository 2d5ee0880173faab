import { PERIODS_PER_YEAR } from './constants';
import { wholePeriods } from './goal-planning';
import { effectiveFrequency, type GoalFrequency } from './goals';

/**
 * Whether a savings goal is on track (issue 38 item 5, decision 187): its projected value at the
 * target date against the target. The arithmetic of the assistant's planning (decisions 111 and 161):
 * simple earnings at the plan's rate, the goal's current value (invested + earned) held for the whole
 * periods until the date, each scheduled contribution (the goal's unit, once per period from the next
 * due date until the date, both included, and no more once the target is reached) held until the last
 * one. Pure, exact (BigInt), rounded down.
 */

const BPS = 10_000n;

export type GoalTrack = 'on_track' | 'behind' | 'overdue' | 'completed' | 'no_date';

export interface GoalProjectionInput {
  status: 'active' | 'paused' | 'completed';
  targetCents: number;
  investedCents: number;
  earnedCents: number;
  unitCents: number;
  apyBps: number;
  frequency: GoalFrequency | null;
  targetDate: string | null;
  /** The date the next contribution is due; null when the goal is not active. */
  nextDueOn: string | null;
  today: string;
}

export interface GoalProjection {
  track: GoalTrack;
  /** Cents the goal is projected to be worth at the target date (its current value without one). */
  projectedCents: number;
  /**
   * Contributions still to come: one per period from the next due date until the target date, both
   * included, and, on track, only until the goal reaches its target (the job stops there).
   */
  remainingContributions: number;
  /** Cents per period that would reach the target by the date, rounded up; null unless behind. */
  suggestedContributionCents: number | null;
}

/** Scaled by 2 × periods per year × 10 000: a value held `periods` periods at simple interest. */
const heldScaled = (cents: bigint, apy: bigint, periods: bigint, scale: bigint): bigint =>
  cents * (scale + 2n * apy * periods);

/** Scaled the same way: `count` contributions of `unit`, one per period, each held until the last. */
const contributionsScaled = (unit: bigint, apy: bigint, count: bigint, scale: bigint): bigint =>
  unit * (scale * count + apy * count * (count - 1n));

/** The fewest of 0…`most` contributions for which `reaches` holds (it holds for `most`, and for any more). */
function fewestReaching(most: number, reaches: (count: bigint) => boolean): number {
  let low = 0;
  let high = most;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (reaches(BigInt(middle))) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Scheduled contributions left: one per period from `nextDueOn` until the target date, both included. */
export function remainingContributions(
  nextDueOn: string | null,
  targetDate: string,
  frequency: GoalFrequency,
): number {
  if (nextDueOn === null || nextDueOn > targetDate) return 0;
  return 1 + wholePeriods(nextDueOn, targetDate, frequency);
}

/**
 * The goal's projection. A paused goal is projected without contributions, and its suggestion counts
 * the contributions it would make if resumed today (the first at once). Behind with no contribution
 * left before the date is `overdue`: no suggestion can reach it.
 */
export function projectGoal(input: GoalProjectionInput): GoalProjection {
  const current = input.investedCents + input.earnedCents;
  const frequency = effectiveFrequency(input.frequency);
  if (input.status === 'completed')
    return {
      track: 'completed',
      projectedCents: current,
      remainingContributions: 0,
      suggestedContributionCents: null,
    };
  if (input.targetDate === null)
    return {
      track: 'no_date',
      projectedCents: current,
      remainingContributions: 0,
      suggestedContributionCents: null,
    };
  const scale = 2n * BigInt(PERIODS_PER_YEAR[frequency]) * BPS;
  const apy = BigInt(Math.max(0, input.apyBps));
  const target = BigInt(input.targetCents) * scale;
  const held = input.targetDate > input.today ? wholePeriods(input.today, input.targetDate, frequency) : 0;
  const grown = heldScaled(BigInt(current), apy, BigInt(held), scale);
  const scheduled =
    input.status === 'active' ? remainingContributions(input.nextDueOn, input.targetDate, frequency) : 0;
  const projected = grown + contributionsScaled(BigInt(input.unitCents), apy, BigInt(scheduled), scale);
  if (projected >= target) {
    // The job invests no more once the goal's value (invested + earned, on the day) reaches the target:
    // only the contributions until then count, each judged on its own due date.
    const unit = BigInt(input.unitCents);
    const firstDue =
      input.nextDueOn !== null && input.nextDueOn > input.today
        ? wholePeriods(input.today, input.nextDueOn, frequency)
        : 0;
    const valueAt = (count: bigint) =>
      heldScaled(BigInt(current), apy, count === 0n ? 0n : BigInt(firstDue) + count - 1n, scale) +
      contributionsScaled(unit, apy, count, scale);
    const needed = fewestReaching(scheduled, (count) => valueAt(count) >= target);
    return {
      track: 'on_track',
      projectedCents: Number((grown + contributionsScaled(unit, apy, BigInt(needed), scale)) / scale),
      remainingContributions: needed,
      suggestedContributionCents: null,
    };
  }
  const result = { projectedCents: Number(projected / scale), remainingContributions: scheduled };
  const count = BigInt(
    input.status === 'active' ? scheduled : input.targetDate >= input.today ? 1 + held : 0,
  );
  if (count === 0n) return { track: 'overdue', ...result, suggestedContributionCents: null };
  const perUnit = contributionsScaled(1n, apy, count, scale);
  const needed = (target - grown + perUnit - 1n) / perUnit;
  return { track: 'behind', ...result, suggestedContributionCents: Number(needed) };
}
