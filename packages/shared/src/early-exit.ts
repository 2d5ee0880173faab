import {
  compoundedPrincipal,
  growthAfterDay,
  remainingAccrualDays,
  type CompoundingState,
} from './compounding';
import { cumulativeEarnings } from './investing';
import { divideHalfEven } from './money';

/** How long an exit quote can be executed (decision 186). */
export const EXIT_QUOTE_TTL_SECONDS = 60;
/** The "current period" whose earnings an exit may forfeit: 30 days counted from the plan's start. */
export const EXIT_PERIOD_DAYS = 30;

export type ExitForfeitRule = 'none' | 'current_period' | 'all';

export interface ExitRule {
  penaltyBps: number;
  forfeit: ExitForfeitRule;
}

/** Cents. */
export interface ExitFigures {
  principal: number;
  /** Earnings credited to cash so far. */
  earned: number;
  /** Earnings given up: taken from the principal returned (they are already in cash). */
  forfeited: number;
  penalty: number;
  /** Credited to cash by the exit: principal − penalty − forfeited, never below 0. */
  returned: number;
  /** Earnings the member keeps: earned − forfeited. */
  kept: number;
  /**
   * What the plan gave the member in all, comparable with the total at maturity: the cash returned
   * today plus the earnings paid to cash along the way (principal − penalty + kept − reinvested).
   */
  total: number;
}

/**
 * The figures of an exit today (decision 186). The penalty (rounded half-even) is taken first, then
 * the forfeited earnings, each no more than what is left of the principal, so the member never owes.
 */
export function exitFigures(
  input: {
    principal: number;
    earned: number;
    earnedThisPeriod: number;
    /** Earnings reinvested into the principal (decision 192): earned, but inside `principal`. */
    reinvested?: number;
  },
  rule: ExitRule,
): ExitFigures {
  const { principal, earned } = input;
  const reinvested = input.reinvested ?? 0;
  const wanted =
    rule.forfeit === 'all' ? earned : rule.forfeit === 'current_period' ? input.earnedThisPeriod : 0;
  const penalty = Math.min(
    principal,
    Number(divideHalfEven(BigInt(principal) * BigInt(rule.penaltyBps), 10_000n)),
  );
  const forfeited = Math.min(wanted, principal - penalty);
  const returned = principal - penalty - forfeited;
  const kept = earned - forfeited;
  // Earnings paid to cash stay there (the forfeit came out of `returned`); reinvested ones are in it.
  return { principal, earned, forfeited, penalty, returned, kept, total: returned + earned - reinvested };
}

const DAY_MS = 86_400_000;

/** The start of the 30-day period of the plan that `now` falls in. */
export function exitPeriodStart(startsAt: Date, now: Date): Date {
  const periods = Math.floor((now.getTime() - startsAt.getTime()) / (EXIT_PERIOD_DAYS * DAY_MS));
  return new Date(startsAt.getTime() + Math.max(0, periods) * EXIT_PERIOD_DAYS * DAY_MS);
}

/** A position's compounding row as the maturity projection needs it (none: never switched). */
export type MaturityCompounding = CompoundingState & { reinvested: number };

/**
 * What a plan gives in all if held to its end at `rateBps` from now: its principal at maturity plus
 * every earning paid to cash along the way (the accrual days still to come are every 00:00 UTC up to
 * and including `endsAt`). Each case follows the accrual's own arithmetic, so it is exact to the cent:
 * never switched, decision 071 from the start; reinvesting, the segment's growth factor carried day by
 * day (decision 192); switched off after reinvesting, decision 071 from the segment's start.
 */
export function maturityTotal(
  plan: { amount: number; earned: number; rateDaysBps: number; nextAccrualAt: Date; endsAt: Date },
  rateBps: number,
  compounding: MaturityCompounding | null = null,
): number {
  const remaining = remainingAccrualDays(plan.nextAccrualAt, plan.endsAt);
  if (compounding === null)
    return plan.amount + cumulativeEarnings(plan.amount, plan.rateDaysBps + remaining * rateBps);
  const paidToCash = plan.earned - compounding.reinvested;
  if (compounding.reinvest) {
    let growth = compounding.growth;
    for (let day = 0; day < remaining; day += 1) growth = growthAfterDay(growth, rateBps);
    return compoundedPrincipal(compounding.base, growth) + paidToCash;
  }
  const segmentDays = plan.rateDaysBps - compounding.fromRateDays;
  const segmentEarned = plan.earned - compounding.fromEarned;
  const toCome = cumulativeEarnings(plan.amount, segmentDays + remaining * rateBps) - segmentEarned;
  return plan.amount + paidToCash + toCome;
}
